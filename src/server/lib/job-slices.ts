/**
 * Background work in bounded slices (docs/decisions/0028-background-work-in-slices.md). The embedded database
 * has one connection: a job that holds it for seconds stops every visitor. A job therefore works in slices of a
 * few rows, each its own short transaction, and gives the event loop a turn between slices, so requests that
 * arrived meanwhile queue their queries before the next slice. The slice grows while slices stay under the
 * time budget and shrinks when one overruns it, so a slice takes a few milliseconds on either database.
 */

/** One turn of the event loop: what waits for input (requests, their queries) runs before the next slice. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export type SliceOptions = {
  /** Rows in the first slice. */
  first: number;
  /** The most rows in a slice. */
  max: number;
  /** How long a slice should take at most, in ms: slower halves the next slice, faster than half doubles it. */
  budgetMs?: number;
  /** Told after each slice (tests count them). */
  onSlice?: (taken: number, size: number) => void;
};

const BUDGET_MS = 10;

/**
 * Runs `slice(size)` until it takes fewer rows than asked (nothing left), yielding a turn of the event loop
 * between slices; returns the rows taken in all.
 */
export async function runInSlices(
  slice: (size: number) => Promise<number>,
  { first, max, budgetMs = BUDGET_MS, onSlice }: SliceOptions,
): Promise<number> {
  let size = Math.max(1, Math.min(first, max));
  let total = 0;
  for (;;) {
    const started = performance.now();
    const taken = await slice(size);
    const took = performance.now() - started;
    total += taken;
    onSlice?.(taken, size);
    if (taken < size) return total;
    if (took > budgetMs) size = Math.max(1, Math.floor(size / 2));
    else if (took < budgetMs / 2) size = Math.min(max, size * 2);
    await nextTurn();
  }
}

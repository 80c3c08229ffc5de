import { describe, expect, it } from 'vitest';
import { runInSlices } from './job-slices';

/** A queue of `rows` rows that a slice takes from, recording what happened in `order`. */
function queueOf(rows: number, order: string[]) {
  let left = rows;
  return async (size: number) => {
    const taken = Math.min(size, left);
    left -= taken;
    order.push(`slice ${taken}`);
    return taken;
  };
}

describe('work in slices', () => {
  it('gives the event loop a turn between slices: what waited runs before the next slice', async () => {
    const order: string[] = [];
    const job = runInSlices(queueOf(25, order), { first: 10, max: 10, budgetMs: Number.POSITIVE_INFINITY });
    setImmediate(() => order.push('visitor'));
    expect(await job).toBe(25);
    expect(order).toEqual(['slice 10', 'visitor', 'slice 10', 'slice 5']);
  });

  it('halves a slice that overran its budget, down to one row', async () => {
    const sizes: number[] = [];
    await runInSlices(queueOf(20, []), {
      first: 8,
      max: 50,
      budgetMs: -1,
      onSlice: (_, size) => sizes.push(size),
    });
    expect(sizes).toEqual([8, 4, 2, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('doubles a quick slice, up to its most', async () => {
    const sizes: number[] = [];
    await runInSlices(queueOf(100, []), {
      first: 5,
      max: 30,
      budgetMs: Number.POSITIVE_INFINITY,
      onSlice: (_, size) => sizes.push(size),
    });
    expect(sizes).toEqual([5, 10, 20, 30, 30, 30]);
  });
});

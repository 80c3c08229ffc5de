/**
 * Why a typed minimum or maximum was changed. A polite live region that is always in the page, so screen readers
 * announce the note when it appears; the field points at it with aria-describedby while it has one.
 */
export function TypedNote({ id, note }: { id: string; note?: string }) {
  return (
    <p id={id} role="status" className="text-sm text-amber-900 empty:hidden">
      {note ?? ''}
    </p>
  );
}

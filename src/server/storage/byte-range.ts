/**
 * One byte range of a `Range` header (RFC 9110 section 14.1.2): from `start` to `end` inclusive (to the end of
 * the file when `end` is absent), or the last `suffix` bytes.
 */
export type ByteRange = { start: number; end?: number } | { suffix: number };

const SINGLE = /^bytes=(\d{0,15})-(\d{0,15})$/;

/**
 * The single byte range a `Range` header asks for, or undefined when the whole file is to be sent: no header, a
 * unit other than bytes, several ranges, or a malformed one (a server may ignore a Range it does not serve).
 */
export function parseByteRange(header: string | undefined): ByteRange | undefined {
  const match = header ? SINGLE.exec(header.replace(/\s+/g, '')) : null;
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '') return last === '' ? undefined : { suffix: Number(last) };
  const start = Number(first);
  if (last === '') return { start };
  const end = Number(last);
  return end < start ? undefined : { start, end };
}

/**
 * The first and last byte (inclusive) a range names in a file of `size` bytes, clamped to its end; undefined
 * when it names none of them (416 Range Not Satisfiable).
 */
export function resolveByteRange(range: ByteRange, size: number): { start: number; end: number } | undefined {
  if ('suffix' in range) {
    if (range.suffix === 0 || size === 0) return undefined;
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size) return undefined;
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

import { describe, expect, it } from 'vitest';
import { parseByteRange, resolveByteRange } from './byte-range';

describe('parseByteRange', () => {
  it('reads one range: closed, open-ended or a suffix', () => {
    expect(parseByteRange('bytes=0-99')).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=100-')).toEqual({ start: 100 });
    expect(parseByteRange('bytes=-500')).toEqual({ suffix: 500 });
    expect(parseByteRange('bytes=5-5')).toEqual({ start: 5, end: 5 });
    expect(parseByteRange(' bytes = 1 - 2 ')).toEqual({ start: 1, end: 2 });
  });

  it('ignores what it does not serve: no header, other units, several ranges, malformed or reversed', () => {
    for (const header of [undefined, '', 'items=0-1', 'bytes=0-1,5-6', 'bytes=-', 'bytes=a-b', 'bytes=9-3']) {
      expect(parseByteRange(header)).toBeUndefined();
    }
  });
});

describe('resolveByteRange', () => {
  it('clamps a range to the file and resolves a suffix', () => {
    expect(resolveByteRange({ start: 0, end: 99 }, 1000)).toEqual({ start: 0, end: 99 });
    expect(resolveByteRange({ start: 900, end: 5000 }, 1000)).toEqual({ start: 900, end: 999 });
    expect(resolveByteRange({ start: 999 }, 1000)).toEqual({ start: 999, end: 999 });
    expect(resolveByteRange({ suffix: 100 }, 1000)).toEqual({ start: 900, end: 999 });
    expect(resolveByteRange({ suffix: 5000 }, 1000)).toEqual({ start: 0, end: 999 });
  });

  it('names nothing past the end, an empty suffix, or any range of an empty file', () => {
    expect(resolveByteRange({ start: 1000 }, 1000)).toBeUndefined();
    expect(resolveByteRange({ start: 1000, end: 1200 }, 1000)).toBeUndefined();
    expect(resolveByteRange({ suffix: 0 }, 1000)).toBeUndefined();
    expect(resolveByteRange({ suffix: 10 }, 0)).toBeUndefined();
  });
});

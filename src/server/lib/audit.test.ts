import { describe, expect, it } from 'vitest';
import { diffFields } from './audit';

describe('diffFields', () => {
  it('keeps only changed fields with before and after', () => {
    expect(diffFields({ a: 1, b: 'x', c: [1] }, { a: 1, b: 'y', c: [1, 2] })).toEqual({
      b: { before: 'x', after: 'y' },
      c: { before: [1], after: [1, 2] },
    });
  });
  it('never records secrets', () => {
    expect(
      diffFields({ passwordHash: 'a', resetToken: 't' }, { passwordHash: 'b', resetToken: 'u' }),
    ).toEqual({});
  });
  it('records created and deleted entities field by field', () => {
    expect(diffFields(null, { name: 'n' })).toEqual({ name: { before: null, after: 'n' } });
  });
});

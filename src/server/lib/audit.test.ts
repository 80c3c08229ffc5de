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

describe('diffFields leaves out what nobody changed', () => {
  it('a field that stayed empty, however each side wrote it', () => {
    expect(
      diffFields(
        { a: null, b: '', c: [], d: {}, e: undefined, f: 'x' },
        { a: '', b: null, c: null, d: null, e: [], f: 'y' },
      ),
    ).toEqual({ f: { before: 'x', after: 'y' } });
  });
  it('the row’s id and bookkeeping, on a create and a delete too', () => {
    const row = {
      id: 'p1',
      legacyId: null,
      updatedAt: new Date(),
      address: 'הרצל 1',
      description: '',
      yad2: null,
    };
    expect(diffFields(null, row)).toEqual({ address: { before: null, after: 'הרצל 1' } });
    expect(diffFields(row, null)).toEqual({ address: { before: 'הרצל 1', after: null } });
  });
  it('still records a value that became empty, and zero and false as values', () => {
    expect(diffFields({ a: 'x', n: 5, f: true }, { a: '', n: 0, f: false })).toEqual({
      a: { before: 'x', after: '' },
      n: { before: 5, after: 0 },
      f: { before: true, after: false },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { withPrefix } from './prefix';

describe('withPrefix', () => {
  it('joins onto a Hebrew word and takes a hyphen before Latin letters and digits', () => {
    expect(withPrefix('ב', 'חיפה')).toBe('בחיפה');
    expect(withPrefix('ב', 'LINK נדל"ן')).toBe('ב-LINK נדל"ן');
    expect(withPrefix('מ', 'LINK')).toBe('מ-LINK');
    expect(withPrefix('ל', '20')).toBe('ל-20');
  });
});

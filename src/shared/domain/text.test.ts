import { describe, expect, it } from 'vitest';
import { hasUnsafeCharacters, isBlankText, stripBidiControls, toFreeText, toSingleLine } from './text';

describe('hasUnsafeCharacters', () => {
  it('finds a NUL byte and lone surrogates, high or low, anywhere', () => {
    for (const bad of ['a\u0000b', '\u0000', '\uD800', 'x\uD800', '\uDFFFx', 'a\uDC00\uD800b'])
      expect(hasUnsafeCharacters(bad), JSON.stringify(bad)).toBe(true);
  });
  it('accepts ordinary text, Hebrew and characters outside the BMP (surrogate pairs)', () => {
    for (const good of ['', 'שלום עולם', 'דני 😀', '\uD83D\uDE00', 'tab\tand\nnewline'])
      expect(hasUnsafeCharacters(good), JSON.stringify(good)).toBe(false);
  });
});

describe('isBlankText and stripBidiControls', () => {
  it('counts text of spaces, zero-width, bidi and filler characters as blank', () => {
    for (const blank of ['', '   ', '\u200B\u200F', '\u202E\u202C', '\u3164', '\uFEFF \u00AD', '\u2800'])
      expect(isBlankText(blank), JSON.stringify(blank)).toBe(true);
    expect(isBlankText('\u200Bא')).toBe(false);
  });
  it('removes embeddings, overrides and isolates, keeping the RLM/LRM marks', () => {
    expect(stripBidiControls('\u202Eevil\u202C name \u2067x\u2069')).toBe('evil name x');
    expect(stripBidiControls('דירה\u200F 3')).toBe('דירה\u200F 3');
  });
});

describe('toSingleLine and toFreeText', () => {
  it('makes one line: each run of line breaks and tabs one space, bidi controls and marks removed', () => {
    expect(toSingleLine('דנה\r\n\r\nכהן\t\u2028x')).toBe('דנה כהן x');
    expect(toSingleLine('\u202Bדנה\u200F \u200Eכהן\u061C\u2069')).toBe('דנה כהן');
  });
  it('keeps the lines of a free text as LF and its direction marks, without bidi controls', () => {
    expect(toFreeText('א\r\nב\rג\u2028ד\u2029ה\u0085ו')).toBe('א\nב\nג\nד\nה\nו');
    expect(toFreeText('\u202Eדירה\u200F 3\u202C')).toBe('דירה\u200F 3');
  });
});

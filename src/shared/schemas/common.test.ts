import { UNSAFE_TEXT_MESSAGE } from '@shared/domain/text';
import { describe, expect, it } from 'vitest';
import { MESSAGES, singleLine, trimmed } from './common';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('singleLine', () => {
  it('refuses a NUL byte or a lone surrogate on the field, as the server does', () => {
    for (const text of ['דנה\u0000', 'a\uD800b', '\uDC00', 'שם \uD83D'])
      expect(messageOf(singleLine().safeParse(text)), JSON.stringify(text)).toBe(UNSAFE_TEXT_MESSAGE);
  });

  it('keeps real characters, emoji included, and trims', () => {
    expect(singleLine().parse('  דנה 😀 ')).toBe('דנה 😀');
  });

  it('refuses text with nothing visible, with the field’s message', () => {
    expect(messageOf(singleLine().safeParse(' \u200B\u202E '))).toBe(MESSAGES.required);
    expect(messageOf(trimmed(3).safeParse('אבגד'))).toBe('עד 3 תווים');
  });
});

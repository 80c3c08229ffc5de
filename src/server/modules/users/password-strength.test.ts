import { describe, expect, it } from 'vitest';
import { containsPersonalWord, isStrongPassword } from './password-strength';

const person = ['dana.levi@agency-mail.test', 'דנה לוי'];

describe('a password with the user’s own name or e-mail', () => {
  it.each([
    'dana.levi@agency-mail.test',
    'DanaLevi2024',
    'dana.levi.1987!',
    'levi-1234-levi',
    'Sunny-Dana-7',
    'דנה2024!!xyz',
    'לויהמלך1999',
  ])('refuses %s', (password) => {
    expect(containsPersonalWord(password, person)).toBe(true);
    expect(isStrongPassword(password, person)).toBe(false);
  });

  it('accepts a strong password that holds none of them, and the e-mail’s domain is not personal', () => {
    for (const password of ['olive-harbour-lantern', 'agency-mail-orbit-tundra'])
      expect(containsPersonalWord(password, person)).toBe(false);
    expect(isStrongPassword('olive-harbour-lantern', person)).toBe(true);
  });

  it('ignores words too short to be telling (a two-letter name part)', () => {
    expect(containsPersonalWord('olive-al-harbour', ['al.x@example.com', 'אל כהן'])).toBe(false);
  });
});

/**
 * Something@something.something, with no spaces and no invisible characters: a direction mark, a bidi override
 * or a zero-width space pasted inside an address would make it look like another one (or like nothing).
 */
export const EMAIL_PATTERN = /^[^\s@\p{Cc}\p{Cf}]+@[^\s@\p{Cc}\p{Cf}]+\.[^\s@\p{Cc}\p{Cf}]+$/u;

export const EMAIL_INVALID_MESSAGE = 'כתובת המייל אינה תקינה, נסה שוב.';

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

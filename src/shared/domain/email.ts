export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const EMAIL_INVALID_MESSAGE = 'כתובת המייל אינה תקינה, נסה שוב.';

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

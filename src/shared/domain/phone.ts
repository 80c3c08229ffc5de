/** Israeli mobile number: optional +972 / 972 / leading 0, then 5X, 3 digits and 4 digits, with optional separators. */
export const ISRAELI_MOBILE_PATTERN = /^(?:(?:\+972|972)[-. ]?|0)?5\d[-. ]?\d{3}[-. ]?\d{4}$/;

export const PHONE_INVALID_MESSAGE = 'מספר הטלפון אינו תקין, נסה שוב.';

export function isIsraeliMobile(value: string): boolean {
  return ISRAELI_MOBILE_PATTERN.test(value.trim());
}

/** Digits in international form without '+', e.g. 0501234567 -> 972501234567 (for wa.me links). */
export function toInternationalDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.startsWith('972')) return digits;
  return `972${digits.replace(/^0/, '')}`;
}

export function whatsappLink(phone: string, text?: string): string {
  const base = `https://wa.me/${toInternationalDigits(phone)}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

export function telLink(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

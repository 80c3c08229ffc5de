/** Israeli mobile number: optional +972 / 972 / leading 0, then 5X, 3 digits and 4 digits, with optional separators. */
export const ISRAELI_MOBILE_PATTERN = /^(?:(?:\+972|972)[-. ]?|0)?5\d[-. ]?\d{3}[-. ]?\d{4}$/;

export const PHONE_INVALID_MESSAGE = 'מספר הטלפון אינו תקין, נסה שוב.';

// Characters that a copy from a phone's contacts, a chat or a spreadsheet leaves inside a number without
// showing them: the bidi marks (LRM, RLM, ALM), embeddings and isolates, zero-width characters, the BOM and
// the no-break spaces. They are removed before the number is read.
const INVISIBLE_IN_PHONE = /[\u00A0\u061C\u2007\u200B-\u200F\u202A-\u202F\u2060\u2066-\u2069\uFEFF]/g;

/** A phone as typed, without the invisible characters a copy and paste leaves inside it, trimmed. */
export function cleanPhone(value: string): string {
  return value.replace(INVISIBLE_IN_PHONE, '').trim();
}

export function isIsraeliMobile(value: string): boolean {
  return ISRAELI_MOBILE_PATTERN.test(cleanPhone(value));
}

/**
 * The one form of an Israeli mobile number that identifies a person (the contact key): '+972' and the nine
 * digits after the trunk zero, e.g. '050-123 4567', '+972 50 123 4567' and '972501234567' are all
 * '+972501234567'. Null when the value is not an Israeli mobile number, so two different phones never share
 * a key.
 */
export function normalizeIsraeliMobile(value: string): string | null {
  const phone = cleanPhone(value);
  if (!ISRAELI_MOBILE_PATTERN.test(phone)) return null;
  const digits = phone.replace(/\D/g, '');
  const national = digits.startsWith('972') ? digits.slice(3) : digits.replace(/^0/, '');
  return `+972${national}`;
}

/**
 * An Israeli mobile number as people write it, '052-765-4321', from any form it was typed in; any other phone
 * as typed (without invisible characters).
 */
export function displayIsraeliMobile(value: string): string {
  const key = normalizeIsraeliMobile(value);
  if (!key) return cleanPhone(value);
  const national = `0${key.slice(4)}`;
  return `${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}`;
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

/**
 * The Israeli identity number (מספר זהות): nine digits, the last a check digit. A shorter number (older IDs
 * are written with 5 to 8 digits) is the same number padded with leading zeros.
 */
export const ISRAELI_ID_MAX_DIGITS = 9;

/** The ID as nine digits, or null when it is not 1 to 9 digits (separators and spaces are removed first). */
export function padIsraeliId(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{1,9}$/.test(digits)) return null;
  return digits.padStart(ISRAELI_ID_MAX_DIGITS, '0');
}

/**
 * The check-digit rule of the Population Authority: weights 1,2,1,2... from the left, a product over 9 has
 * its digits summed (subtract 9), and the total is a multiple of 10. All zeros is not an ID.
 */
export function isValidIsraeliId(value: string): boolean {
  const id = padIsraeliId(value);
  if (!id || /^0+$/.test(id)) return false;
  let sum = 0;
  for (let i = 0; i < id.length; i++) {
    const product = Number(id[i]) * ((i % 2) + 1);
    sum += product > 9 ? product - 9 : product;
  }
  return sum % 10 === 0;
}

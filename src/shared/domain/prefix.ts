/**
 * A Hebrew one-letter prefix (ב, ל, מ, ו, ה, ש, כ) joined to a word: straight onto a Hebrew word ("בחיפה"), with
 * a hyphen onto a word that starts otherwise, in Latin letters or digits ("ב-LINK", "ל-20"), as Hebrew writes it.
 */
export function withPrefix(prefix: string, word: string): string {
  return /^[\u0590-\u05FF]/.test(word) ? `${prefix}${word}` : `${prefix}-${word}`;
}

import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/** zxcvbn's score 3: "safely unguessable", about 10^10 guesses against a slow hash. */
export const MIN_PASSWORD_SCORE = 3;

export const WEAK_PASSWORD_MESSAGE =
  'הסיסמה קלה מדי לניחוש. בחרו צירוף של כמה מילים לא צפויות, בלי שם, מייל, תאריך או רצף כמו 123456 או qwerty';

let factory: ZxcvbnFactory | undefined;

/** Letters and digits only, lower case: 'Dana.Levi' and 'dana-levi' read the same. */
const squeeze = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The personal words a password may not contain: each part of the name (3+ letters), the whole name, the
 * e-mail's local part and each of its parts. An e-mail's domain is not personal ('gmail', 'example').
 */
function personalWords(userInputs: string[]): string[] {
  const words = new Set<string>();
  for (const input of userInputs) {
    const text = input.trim().toLowerCase();
    if (!text) continue;
    const personal = text.includes('@') ? text.slice(0, text.lastIndexOf('@')) : text;
    words.add(squeeze(personal));
    for (const part of personal.split(/[^\p{L}\p{N}]+/u)) words.add(squeeze(part));
  }
  return [...words].filter((w) => w.length >= 3 && /\p{L}/u.test(w));
}

/** Whether the password holds the user's own name or e-mail, whatever is added around it ('dana2024!'). */
export function containsPersonalWord(password: string, userInputs: string[]): boolean {
  const text = squeeze(password);
  return personalWords(userInputs).some((word) => text.includes(word));
}

/**
 * Whether a new password resists guessing: common-password and keyboard-pattern lists (zxcvbn) besides the
 * length rule of the shared schema. The user's own name and e-mail count as guessable words.
 */
export function isStrongPassword(password: string, userInputs: string[] = []): boolean {
  if (containsPersonalWord(password, userInputs)) return false;
  factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, useLevenshteinDistance: true });
  const words = userInputs.flatMap((input) => input.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter(Boolean);
  return factory.check(password, words).score >= MIN_PASSWORD_SCORE;
}

import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/** zxcvbn's score 3: "safely unguessable", about 10^10 guesses against a slow hash. */
export const MIN_PASSWORD_SCORE = 3;

export const WEAK_PASSWORD_MESSAGE =
  'הסיסמה קלה מדי לניחוש. בחרו צירוף של כמה מילים לא צפויות, בלי שם, מייל, תאריך או רצף כמו 123456 או qwerty';

let factory: ZxcvbnFactory | undefined;

/**
 * Whether a new password resists guessing: common-password and keyboard-pattern lists (zxcvbn) besides the
 * length rule of the shared schema. The user's own name and e-mail count as guessable words.
 */
export function isStrongPassword(password: string, userInputs: string[] = []): boolean {
  factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, useLevenshteinDistance: true });
  const words = userInputs.flatMap((input) => input.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter(Boolean);
  return factory.check(password, words).score >= MIN_PASSWORD_SCORE;
}

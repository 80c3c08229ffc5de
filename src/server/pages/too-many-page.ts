import { plural } from '@shared/domain/plural';
import { MESSAGES } from '@shared/schemas/common';
import { standalonePage } from './standalone-page';

/** The page a rate-limited page request gets (429), saying when to try again. */
export function tooManyRequestsPage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return standalonePage({
    title: 'יותר מדי בקשות',
    paragraphs: [
      `${MESSAGES.tooManyRequests}.`,
      `אפשר לטעון את הדף שוב בעוד ${plural(minutes, { one: 'דקה', other: '{n} דקות' })}.`,
    ],
  });
}

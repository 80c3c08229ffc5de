import { nextSendTime, PERSONAL_SEND_RULES } from '@shared/domain/send-window';

const RETRY_BASE_MS = 15_000;
const RETRY_CAP_MS = 30 * 60_000;

/**
 * Back-off after the given failed attempt: 15 s, 30 s, 1 min, 2 min ... capped at 30 minutes. A push is
 * about something happening now, so it retries sooner than mail and gives up sooner (MAX_PUSH_ATTEMPTS).
 */
export function pushBackoffMs(attempt: number, baseMs = RETRY_BASE_MS): number {
  const capMs = RETRY_CAP_MS * (baseMs / RETRY_BASE_MS);
  return Math.min(baseMs * 2 ** (Math.max(attempt, 1) - 1), capMs);
}

/** 12 attempts span about three and a half hours of a push service being down; then the row is 'failed'. */
export const MAX_PUSH_ATTEMPTS = 12;

/**
 * When a notification may go: now, or the end of quiet hours (21:00-08:00 Israel time), Shabbat or a holiday.
 * The one shared sending rule decides (src/shared/domain/send-window.ts).
 */
export const pushSendTime = (at: Date) => nextSendTime(at, PERSONAL_SEND_RULES);

/** The next try after a failure: the back-off, pushed on past any quiet time it lands in. */
export const pushRetryTime = (now: Date, attempt: number, baseMs?: number) =>
  pushSendTime(new Date(now.getTime() + pushBackoffMs(attempt, baseMs)));

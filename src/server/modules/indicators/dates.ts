import { EARLIEST_DATE } from '@shared/domain/dates';
import { israelMidnight } from '@shared/domain/israel-calendar';
import { israelDate } from '@shared/domain/israel-time';
import { DATE_MESSAGE, FUTURE_DATE_MESSAGE } from '@shared/schemas/indicator';
import { badRequest } from '../../lib/errors';

const NOON_MS = 12 * 3_600_000;

/**
 * The instant an indicator is stored at: now when no date (or today) is given, noon in Israel for another
 * calendar day (so the row sits squarely inside that day), or the exact instant of a full ISO time.
 * A day after today in Israel is refused.
 */
export function indicatorInstant(input: string | undefined, now: Date = new Date()): Date {
  if (!input) return now;
  const today = israelDate(now);
  let instant: Date;
  if (input.length === 10) {
    instant = input === today ? now : new Date(israelMidnight(input).getTime() + NOON_MS);
  } else {
    instant = new Date(input);
  }
  if (Number.isNaN(instant.getTime())) throw badRequest(DATE_MESSAGE, { createdAt: DATE_MESSAGE });
  const day = israelDate(instant);
  if (day > today) throw badRequest(FUTURE_DATE_MESSAGE, { createdAt: FUTURE_DATE_MESSAGE });
  if (day < EARLIEST_DATE) throw badRequest(DATE_MESSAGE, { createdAt: DATE_MESSAGE });
  return instant;
}

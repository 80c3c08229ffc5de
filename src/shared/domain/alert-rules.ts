import { type MatchableProperty, matchRequirement } from './buyer-match';
import { addDays, israelMinuteOfDay, israelWallTime } from './israel-calendar';
import { israelDate } from './israel-time';
import type { SavedSearchFilters } from './saved-search';
import { nextSendTime, type SendRules } from './send-window';

export type AlertReason = 'newListing' | 'priceDrop';
export type AlertFrequencyRule = 'immediate' | 'daily';

/** Buyers' alerts are advertising: never on Shabbat or a holiday, nor at night (21:00 to 08:00). */
export const ALERT_SEND_RULES: SendRules = { restHold: true, quietHours: { from: 21 * 60, to: 8 * 60 } };
/** No hold at all: for test machines only (ALERTS_SEND_ANYTIME). */
export const ANYTIME: SendRules = { restHold: false };
/** Immediate alerts are gathered into one mail at most this often. */
export const ALERT_BATCH_MS = 3_600_000;
/** The daily digest leaves at this Israel time (minutes after midnight), or as soon after as the rules allow. */
export const DIGEST_MINUTE = 8 * 60;

/**
 * When a subscriber's next alert mail may leave: immediately, but not within an hour of the last one; or, for
 * the daily digest, at 08:00 once a day. Then held over Shabbat, holidays and the night (ALERT_SEND_RULES;
 * a test machine may pass `ANYTIME`).
 */
export function nextAlertAt(
  frequency: AlertFrequencyRule,
  lastAlertAt: Date | null,
  now: Date,
  rules: SendRules = ALERT_SEND_RULES,
): Date {
  let at = now;
  if (frequency === 'immediate') {
    if (lastAlertAt && lastAlertAt.getTime() + ALERT_BATCH_MS > now.getTime())
      at = new Date(lastAlertAt.getTime() + ALERT_BATCH_MS);
  } else {
    const today = israelDate(now);
    if (lastAlertAt && israelDate(lastAlertAt) >= today)
      at = israelWallTime(addDays(today, 1), DIGEST_MINUTE);
    else if (israelMinuteOfDay(now) < DIGEST_MINUTE) at = israelWallTime(today, DIGEST_MINUTE);
  }
  return nextSendTime(at, rules);
}

export type LiveSearch = { subscriberId: string; filters: SavedSearchFilters };

/**
 * Who a change to a property alerts, and why: each live search it matches (a new listing, or a price drop on a
 * matching listing) and, on a price drop, each subscriber who keeps it as a favourite. One entry per subscriber
 * and reason, however many of their searches match; the database's unique index then keeps it to one per
 * property ever.
 */
export function alertsForChange(
  kind: AlertReason,
  property: MatchableProperty,
  searches: readonly LiveSearch[],
  favouriteOf: readonly string[],
): { subscriberId: string; reason: AlertReason }[] {
  const seen = new Set<string>();
  const out: { subscriberId: string; reason: AlertReason }[] = [];
  const add = (subscriberId: string, reason: AlertReason) => {
    const key = `${subscriberId}:${reason}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ subscriberId, reason });
  };
  if (property.sold) return out;
  for (const search of searches) {
    if (matchRequirement(search.filters, property).matches) add(search.subscriberId, kind);
  }
  if (kind === 'priceDrop') for (const subscriberId of favouriteOf) add(subscriberId, 'priceDrop');
  return out;
}

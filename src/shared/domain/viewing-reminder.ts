import { maySendAt, nextSendTime, PERSONAL_SEND_RULES, type SendRules } from './send-window';

/** How long before a viewing both sides are reminded of it. */
export const REMINDER_LEAD_MINUTES = 120;

const MINUTE = 60_000;
const STEP = 15 * MINUTE;

/**
 * The last minute at or before `at`, and after `after`, when a message may leave; null when there is none.
 * Holds are whole spans (a night, a Shabbat), so it steps back a quarter-hour at a time to the first allowed
 * one, then walks forward minute by minute to the end of that allowed stretch.
 */
function lastSendTimeAtOrBefore(at: Date, after: Date, rules: SendRules): Date | null {
  const top = new Date(Math.floor(at.getTime() / MINUTE) * MINUTE);
  if (maySendAt(top, rules)) return top;
  let probe = top.getTime() - STEP;
  while (probe > after.getTime() && !maySendAt(new Date(probe), rules)) probe -= STEP;
  if (probe <= after.getTime()) {
    // No allowed quarter-hour mark after `after`; the minutes just after it may still be allowed.
    probe = Math.ceil((after.getTime() + 1) / MINUTE) * MINUTE;
    if (probe > top.getTime() || !maySendAt(new Date(probe), rules)) return null;
  }
  while (probe + MINUTE <= top.getTime() && maySendAt(new Date(probe + MINUTE), rules)) probe += MINUTE;
  return new Date(probe);
}

/**
 * When a viewing's reminder goes (docs/viewings.md, "Reminders"): two hours before its start. When that falls in
 * quiet hours, on Shabbat, a holiday or its eve, it goes at the last allowed minute before, if that is after
 * the booking; otherwise at the first allowed minute after, if that is still before the start. Null: no
 * reminder (booked within the two hours, or no allowed minute between the booking and the start).
 */
export function reminderTime(
  start: Date,
  bookedAt: Date,
  rules: SendRules = PERSONAL_SEND_RULES,
): Date | null {
  const target = new Date(start.getTime() - REMINDER_LEAD_MINUTES * MINUTE);
  if (target.getTime() <= bookedAt.getTime()) return null;
  const before = lastSendTimeAtOrBefore(target, bookedAt, rules);
  if (before) return before;
  const after = nextSendTime(target, rules);
  return after.getTime() < start.getTime() ? after : null;
}

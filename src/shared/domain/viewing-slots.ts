import { addDays, israelMinuteOfDay, israelWallTime, weekdayOf } from './israel-calendar';
import { israelDate } from './israel-time';
import { restHoldEnd } from './send-window';

/**
 * Viewing slots of a property (docs/viewings.md, docs/decisions/0050-viewing-booking.md): pure, so the page,
 * the API and the booking's own check under its lock all read one rule.
 */

export const BOOKING_MODES = ['instant', 'request'] as const;
export type BookingMode = (typeof BOOKING_MODES)[number];

export const VIEWING_STATUSES = ['requested', 'confirmed', 'cancelled', 'done', 'no_show'] as const;
export type ViewingStatus = (typeof VIEWING_STATUSES)[number];

/** No slot further ahead than this. */
export const MAX_DAYS_AHEAD = 60;
/** Free minutes kept before and after another slot of the same agent (travel, a late visitor). */
export const BUFFER_MINUTES = 15;

/** A weekly window of the agent's: weekday 0 (Sunday) to 6, Israel wall-clock minutes after midnight. */
export type AvailabilityWindow = { weekday: number; fromMinute: number; toMinute: number };
export type Span = { start: Date; end: Date };
/** A confirmed viewing of the same agent: of this property or of another. */
export type TakenSlot = Span & { propertyId: string; seats: number };

export type SlotRules = {
  now: Date;
  propertyId: string;
  slotMinutes: number;
  /** Visitors one slot takes: 1, or more for an open house. */
  capacity: number;
  bufferMinutes?: number;
  availability: readonly AvailabilityWindow[];
  /** The agent's blocked times and the seller's for this property. */
  blocks: readonly Span[];
  taken: readonly TakenSlot[];
};

export type SlotRefusal = 'past' | 'tooFar' | 'restDay' | 'outsideHours' | 'blocked' | 'taken';
export type FreeSlot = Span & { seatsLeft: number };

const MINUTE = 60_000;
const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/** Whether any minute of the span is held for Shabbat, a holiday, or its eve after the usual hour. */
function touchesRest(span: Span): boolean {
  // The hold starts on a day (a rest day's midnight) or at the eve's hour: checking every 15 minutes finds it.
  for (let t = span.start.getTime(); t < span.end.getTime(); t += 15 * MINUTE) {
    if (restHoldEnd(new Date(t))) return true;
  }
  return restHoldEnd(new Date(span.end.getTime() - 1)) !== null;
}

/** The weekly window a slot lies in, on the grid of slot starts from the window's start; null when none. */
function windowOf(start: Date, rules: SlotRules): AvailabilityWindow | null {
  const day = israelDate(start);
  const from = israelMinuteOfDay(start);
  const to = from + rules.slotMinutes;
  return (
    rules.availability.find(
      (w) =>
        w.weekday === weekdayOf(day) &&
        from >= w.fromMinute &&
        to <= w.toMinute &&
        (from - w.fromMinute) % rules.slotMinutes === 0,
    ) ?? null
  );
}

/** Visitors already in this very slot of this property, or Infinity when another viewing is too close. */
function seatsTaken(span: Span, rules: SlotRules): number {
  const buffer = (rules.bufferMinutes ?? BUFFER_MINUTES) * MINUTE;
  const widened = {
    start: new Date(span.start.getTime() - buffer),
    end: new Date(span.end.getTime() + buffer),
  };
  let seats = 0;
  for (const t of rules.taken) {
    if (!overlaps(widened, t)) continue;
    const same =
      t.propertyId === rules.propertyId &&
      t.start.getTime() === span.start.getTime() &&
      t.end.getTime() === span.end.getTime();
    if (!same) return Number.POSITIVE_INFINITY;
    seats += t.seats;
  }
  return seats;
}

/** Why a slot starting at `start` cannot take `seats` more visitors, or null with the seats it has left. */
export function checkSlot(
  start: Date,
  rules: SlotRules,
  seats = 1,
): { refusal: SlotRefusal } | { refusal: null; seatsLeft: number } {
  const span = { start, end: new Date(start.getTime() + rules.slotMinutes * MINUTE) };
  if (start.getTime() <= rules.now.getTime()) return { refusal: 'past' };
  if (start.getTime() > rules.now.getTime() + MAX_DAYS_AHEAD * 86_400_000) return { refusal: 'tooFar' };
  if (touchesRest(span)) return { refusal: 'restDay' };
  if (!windowOf(start, rules)) return { refusal: 'outsideHours' };
  if (rules.blocks.some((b) => overlaps(span, b))) return { refusal: 'blocked' };
  const left = rules.capacity - seatsTaken(span, rules);
  if (left < seats) return { refusal: 'taken' };
  return { refusal: null, seatsLeft: left };
}

/** The next free slots from now (or from `after`), earliest first, at most `limit`, within MAX_DAYS_AHEAD. */
export function freeSlots(rules: SlotRules, limit = 12, after?: Date): FreeSlot[] {
  const slots: FreeSlot[] = [];
  const from = after && after > rules.now ? after : rules.now;
  const today = israelDate(from);
  for (let n = 0; n <= MAX_DAYS_AHEAD + 1 && slots.length < limit; n += 1) {
    const day = addDays(today, n);
    const windows = rules.availability
      .filter((w) => w.weekday === weekdayOf(day))
      .sort((a, b) => a.fromMinute - b.fromMinute);
    for (const w of windows) {
      for (
        let m = w.fromMinute;
        m + rules.slotMinutes <= w.toMinute && slots.length < limit;
        m += rules.slotMinutes
      ) {
        const start = israelWallTime(day, m);
        if (start <= from) continue;
        // A wall time skipped by the spring clock change lands off the grid: windowOf refuses it.
        const verdict = checkSlot(start, rules);
        if (verdict.refusal === null)
          slots.push({
            start,
            end: new Date(start.getTime() + rules.slotMinutes * MINUTE),
            seatsLeft: verdict.seatsLeft,
          });
      }
    }
  }
  return slots;
}

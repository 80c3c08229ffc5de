import { describe, expect, it } from 'vitest';
import { israelMinuteOfDay, israelWallTime } from './israel-calendar';
import { israelDate } from './israel-time';
import { isRestDate, nightfall } from './send-window';
import { checkSlot, freeSlots, type SlotRules } from './viewing-slots';

const everyDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, fromMinute: 8 * 60, toMinute: 20 * 60 }));
const rules = (over: Partial<SlotRules> = {}): SlotRules => ({
  now: israelWallTime('2026-08-30', 7 * 60),
  propertyId: 'p1',
  slotMinutes: 30,
  capacity: 1,
  availability: everyDay,
  blocks: [],
  taken: [],
  ...over,
});
const on = (day: string, clock: string) => {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return israelWallTime(day, h * 60 + m);
};
const daysOf = (r: SlotRules) => new Set(freeSlots(r, 2000).map((s) => israelDate(s.start)));

describe('viewing slots', () => {
  it('a Friday afternoon gives no slot; its morning does', () => {
    const friday = '2026-09-04';
    expect(checkSlot(on(friday, '15:00'), rules()).refusal).toBe('restDay');
    expect(
      checkSlot(
        on(friday, '13:45'),
        rules({ availability: [{ weekday: 5, fromMinute: 585, toMinute: 900 }] }),
      ).refusal,
    ).toBe('restDay');
    expect(checkSlot(on(friday, '13:30'), rules()).refusal).toBeNull();
    expect(checkSlot(on(friday, '13:00'), rules()).refusal).toBeNull();
    const fridaySlots = freeSlots(rules(), 2000).filter((s) => israelDate(s.start) === friday);
    expect(fridaySlots.length).toBeGreaterThan(0);
    expect(Math.max(...fridaySlots.map((s) => israelMinuteOfDay(s.end)))).toBeLessThanOrEqual(14 * 60);
    expect(daysOf(rules())).not.toContain('2026-09-05');
  });

  it('a holiday gives no slot, nor does its eve after the usual hour', () => {
    const yomKippur = '2026-09-21';
    expect(isRestDate(yomKippur)).toBe(true);
    // Office hours (8:00-18:00): not one slot that day. The evening after nightfall is no longer held.
    const officeHours = everyDay.map((w) => ({ ...w, toMinute: 18 * 60 }));
    expect(daysOf(rules({ availability: officeHours }))).not.toContain(yomKippur);
    const evening = freeSlots(rules(), 5000).filter((s) => israelDate(s.start) === yomKippur);
    for (const slot of evening) expect(slot.start >= nightfall(yomKippur)).toBe(true);
    expect(checkSlot(on(yomKippur, '10:00'), rules()).refusal).toBe('restDay');
    expect(checkSlot(on('2026-09-20', '16:00'), rules()).refusal).toBe('restDay');
    expect(checkSlot(on('2026-09-20', '10:00'), rules()).refusal).toBeNull();
  });

  it('keeps a buffer around another viewing of the agent', () => {
    const taken = [
      { propertyId: 'p2', start: on('2026-08-31', '10:00'), end: on('2026-08-31', '10:30'), seats: 1 },
    ];
    const r = rules({ taken });
    expect(checkSlot(on('2026-08-31', '10:00'), r).refusal).toBe('taken');
    expect(checkSlot(on('2026-08-31', '09:30'), r).refusal).toBe('taken');
    expect(checkSlot(on('2026-08-31', '10:30'), r).refusal).toBe('taken');
    expect(checkSlot(on('2026-08-31', '11:00'), r).refusal).toBeNull();
    expect(checkSlot(on('2026-08-31', '09:00'), r).refusal).toBeNull();
    expect(checkSlot(on('2026-08-31', '10:30'), rules({ taken, bufferMinutes: 0 })).refusal).toBeNull();
  });

  it('an open house takes visitors up to its capacity', () => {
    const slot = { propertyId: 'p1', start: on('2026-08-31', '10:00'), end: on('2026-08-31', '10:30') };
    const twoIn = rules({ capacity: 3, taken: [{ ...slot, seats: 2 }] });
    expect(checkSlot(slot.start, twoIn)).toEqual({ refusal: null, seatsLeft: 1 });
    expect(checkSlot(slot.start, twoIn, 2).refusal).toBe('taken');
    const full = rules({ capacity: 3, taken: [{ ...slot, seats: 3 }] });
    expect(checkSlot(slot.start, full).refusal).toBe('taken');
    // Another property's viewing at the same time is another place: the agent cannot be at both.
    const elsewhere = rules({ capacity: 3, taken: [{ ...slot, propertyId: 'p2', seats: 1 }] });
    expect(checkSlot(slot.start, elsewhere).refusal).toBe('taken');
  });

  it('refuses the past, beyond 60 days, blocked times and times outside the hours or off the grid', () => {
    expect(checkSlot(on('2026-08-30', '06:30'), rules()).refusal).toBe('past');
    expect(checkSlot(on('2026-11-02', '10:00'), rules()).refusal).toBe('tooFar');
    const blocks = [{ start: on('2026-08-31', '12:00'), end: on('2026-08-31', '13:00') }];
    expect(checkSlot(on('2026-08-31', '12:30'), rules({ blocks })).refusal).toBe('blocked');
    expect(checkSlot(on('2026-08-31', '11:30'), rules({ blocks })).refusal).toBeNull();
    expect(checkSlot(on('2026-08-31', '20:00'), rules()).refusal).toBe('outsideHours');
    expect(checkSlot(on('2026-08-31', '10:10'), rules()).refusal).toBe('outsideHours');
  });

  it('lists the next slots in order, from now, never beyond 60 days', () => {
    const slots = freeSlots(rules(), 5000);
    expect(slots[0]!.start).toEqual(on('2026-08-30', '08:00'));
    for (let i = 1; i < slots.length; i += 1) expect(slots[i]!.start > slots[i - 1]!.start).toBe(true);
    const last = slots.at(-1)!.start.getTime();
    expect(last - rules().now.getTime()).toBeLessThanOrEqual(60 * 86_400_000);
    expect(freeSlots(rules(), 3)).toHaveLength(3);
  });
});

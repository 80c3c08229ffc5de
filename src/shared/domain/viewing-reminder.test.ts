import { describe, expect, it } from 'vitest';
import { israelWallTime } from './israel-calendar';
import { maySendAt, PERSONAL_SEND_RULES } from './send-window';
import { reminderTime } from './viewing-reminder';

// 2026-12-05 is a Saturday (Shabbat ends near 17:15 in Tel Aviv); 2026-07-04 a Saturday of summer time.
const at = (date: string, clock: string) => {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return israelWallTime(date, h * 60 + m);
};
const early = at('2026-11-29', '12:00');

describe('reminderTime: two hours before, never in quiet hours, Shabbat or a holiday', () => {
  it('is two hours before the start when that minute may send', () => {
    expect(reminderTime(at('2026-12-07', '10:00'), early)).toEqual(at('2026-12-07', '08:00'));
    expect(reminderTime(at('2026-12-07', '18:30'), early)).toEqual(at('2026-12-07', '16:30'));
  });

  it('moves back to the last minute before quiet hours (21:00) when two hours before is at night', () => {
    expect(reminderTime(at('2026-12-07', '09:00'), early)).toEqual(at('2026-12-06', '20:59'));
  });

  it('skips Shabbat back to Saturday evening between nightfall and the quiet hours', () => {
    expect(reminderTime(at('2026-12-06', '09:30'), early)).toEqual(at('2026-12-05', '20:59'));
  });

  it('a Saturday-night viewing in winter is reminded after nightfall, in summer on Friday before 14:00', () => {
    expect(reminderTime(at('2026-12-05', '20:00'), early)).toEqual(at('2026-12-05', '18:00'));
    expect(reminderTime(at('2026-07-04', '21:00'), at('2026-06-28', '10:00'))).toEqual(
      at('2026-07-03', '13:59'),
    );
  });

  it('booked at night for the morning: the first minute after the quiet hours, if still before the start', () => {
    const night = at('2026-12-07', '06:00');
    expect(reminderTime(at('2026-12-07', '09:30'), night)).toEqual(at('2026-12-07', '08:00'));
    expect(reminderTime(at('2026-12-07', '08:00'), at('2026-12-07', '05:00'))).toBeNull();
  });

  it('no reminder for a viewing booked less than two hours ahead', () => {
    expect(reminderTime(at('2026-12-07', '11:00'), at('2026-12-07', '09:30'))).toBeNull();
  });

  it('every answer is a minute the sending rule allows, before the start and after the booking', () => {
    for (let hour = 8; hour <= 22; hour += 1) {
      for (const date of ['2026-12-04', '2026-12-05', '2026-12-06', '2026-09-21', '2026-09-22']) {
        const start = at(date, `${hour}:00`);
        const bookedAt = at('2026-08-01', '10:00');
        const when = reminderTime(start, bookedAt);
        if (!when) continue;
        expect(maySendAt(when, PERSONAL_SEND_RULES)).toBe(true);
        expect(when.getTime()).toBeLessThanOrEqual(start.getTime() - 2 * 3_600_000);
        expect(when.getTime()).toBeGreaterThan(bookedAt.getTime());
      }
    }
  });
});

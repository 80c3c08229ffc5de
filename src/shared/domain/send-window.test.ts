import { describe, expect, it } from 'vitest';
import { israelWallTime } from './israel-calendar';
import { israelDate } from './israel-time';
import {
  holidayRestDates,
  isRestDate,
  MARKETING_SEND_RULES,
  maySendAt,
  nextSendTime,
  nightfall,
  PERSONAL_SEND_RULES,
} from './send-window';

const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return israelWallTime(date, h * 60 + m);
};

describe('rest days', () => {
  it('knows Shabbat, the yamim tovim and Independence Day, and not their eves', () => {
    expect(isRestDate('2026-11-28')).toBe(true); // a Saturday
    expect(isRestDate('2026-11-27')).toBe(false); // its Friday
    // Rosh Hashana 5787: Saturday 12.9 and Sunday 13.9.2026; Yom Kippur Monday 21.9.
    expect(isRestDate('2026-09-13')).toBe(true);
    expect(isRestDate('2026-09-21')).toBe(true);
    expect(isRestDate('2026-09-20')).toBe(false);
    expect(holidayRestDates(2026).has('2026-04-22')).toBe(true); // Independence Day 2026
  });
  it('reads the Israeli calendar of the year asked, with one day of each festival', () => {
    // Pesach 2026 begins on Thursday 2.4: a rest day; Friday 3.4 is a rest day only abroad.
    expect(isRestDate('2026-04-02')).toBe(true);
    expect(isRestDate('2026-04-03')).toBe(false);
    // Another year's festivals, not this year's: Pesach 2027 is Thursday 22.4, Shavuot Friday 11.6.
    expect([...holidayRestDates(2027)].sort()).toEqual([
      '2027-04-22',
      '2027-04-28',
      '2027-05-12',
      '2027-06-11',
      '2027-10-02',
      '2027-10-03',
      '2027-10-11',
      '2027-10-16',
      '2027-10-23',
    ]);
  });
  it('ends at nightfall, later in summer than in winter', () => {
    expect(israelDate(nightfall('2026-06-27'))).toBe('2026-06-27');
    expect(nightfall('2026-06-27').toISOString()).toBe('2026-06-27T17:33:32.000Z'); // 20:33 in Israel
    expect(nightfall('2026-12-26').toISOString()).toBe('2026-12-26T15:23:00.000Z'); // 17:23 in Israel
  });
});

describe('the Shabbat and holiday hold', () => {
  it('lets a message leave on Friday at 13:59 and holds one from 14:00 to nightfall on Saturday', () => {
    expect(maySendAt(at('2026-11-27', '13:59'), MARKETING_SEND_RULES)).toBe(true);
    const held = nextSendTime(at('2026-11-27', '14:00'), MARKETING_SEND_RULES);
    expect(held).toEqual(nightfall('2026-11-28'));
    expect(maySendAt(new Date(held.getTime() - 60_000), MARKETING_SEND_RULES)).toBe(false);
  });
  it('makes one hold of Shabbat and the two days of Rosh Hashana after it', () => {
    expect(nextSendTime(at('2026-09-11', '15:00'), MARKETING_SEND_RULES)).toEqual(nightfall('2026-09-13'));
    expect(nextSendTime(at('2026-09-12', '22:00'), MARKETING_SEND_RULES)).toEqual(nightfall('2026-09-13'));
  });
  it('holds a weekday holiday from its eve at 14:00', () => {
    expect(maySendAt(at('2026-09-20', '13:00'), MARKETING_SEND_RULES)).toBe(true);
    expect(nextSendTime(at('2026-09-20', '14:30'), MARKETING_SEND_RULES)).toEqual(nightfall('2026-09-21'));
  });
  it('does not hold an ordinary weekday', () => {
    const tuesday = at('2026-11-24', '03:00');
    expect(nextSendTime(tuesday, MARKETING_SEND_RULES)).toEqual(tuesday);
  });
});

describe('quiet hours on top of the hold', () => {
  it('holds a weeknight message from 21:00 to 08:00, and lets 20:59 and 08:00 through', () => {
    expect(maySendAt(at('2026-11-24', '20:59'), PERSONAL_SEND_RULES)).toBe(true);
    expect(nextSendTime(at('2026-11-24', '21:00'), PERSONAL_SEND_RULES)).toEqual(at('2026-11-25', '08:00'));
    expect(nextSendTime(at('2026-11-25', '02:00'), PERSONAL_SEND_RULES)).toEqual(at('2026-11-25', '08:00'));
    expect(maySendAt(at('2026-11-25', '08:00'), PERSONAL_SEND_RULES)).toBe(true);
  });
  it('sends on Saturday night between nightfall and 21:00 in winter, and waits for Sunday 08:00 after it', () => {
    expect(nextSendTime(at('2026-12-25', '16:00'), PERSONAL_SEND_RULES)).toEqual(nightfall('2026-12-26'));
    expect(nextSendTime(at('2026-12-26', '21:30'), PERSONAL_SEND_RULES)).toEqual(at('2026-12-27', '08:00'));
  });
  it('counts 08:00 by the wall clock on the night the clocks go back (25.10.2026)', () => {
    const sunday8 = nextSendTime(at('2026-10-24', '23:00'), PERSONAL_SEND_RULES);
    expect(sunday8.toISOString()).toBe('2026-10-25T06:00:00.000Z'); // 08:00 at +2, after the change
  });
  it('holds quiet hours inside one day, from their first minute up to, not including, their last', () => {
    const afternoon = { restHold: false, quietHours: { from: 13 * 60, to: 16 * 60 } };
    expect(maySendAt(at('2026-11-24', '12:59'), afternoon)).toBe(true);
    expect(nextSendTime(at('2026-11-24', '13:00'), afternoon)).toEqual(at('2026-11-24', '16:00'));
    expect(nextSendTime(at('2026-11-24', '15:59'), afternoon)).toEqual(at('2026-11-24', '16:00'));
    expect(maySendAt(at('2026-11-24', '16:00'), afternoon)).toBe(true);
  });
  it('holds nothing for quiet hours that start and end at the same minute', () => {
    const none = { restHold: false, quietHours: { from: 10 * 60, to: 10 * 60 } };
    for (const time of ['09:59', '10:00', '10:01', '23:30'])
      expect(maySendAt(at('2026-11-24', time), none)).toBe(true);
  });
  it('gives up, rather than loop, when the rules never let a message leave', () => {
    const always = { restHold: true, quietHours: { from: 0, to: 24 * 60 } };
    expect(() => nextSendTime(at('2026-11-24', '10:00'), always)).toThrow('no sending time found');
  });
  it('holds past Friday 14:00 to Saturday night, then the quiet night to Sunday 08:00 when nightfall is late', () => {
    // Summer: Shabbat ends 20:33, before 21:00, so Saturday night is open for 27 minutes.
    const friday = at('2026-06-26', '23:00');
    expect(nextSendTime(friday, PERSONAL_SEND_RULES)).toEqual(nightfall('2026-06-27'));
  });
});

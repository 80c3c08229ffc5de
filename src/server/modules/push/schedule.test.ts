import { nightfall } from '@shared/domain/send-window';
import { describe, expect, it } from 'vitest';
import { MAX_PUSH_ATTEMPTS, pushBackoffMs, pushRetryTime, pushSendTime } from './schedule';

const at = (iso: string) => new Date(iso);

describe('push back-off', () => {
  it('doubles from 15 s and stops growing at 30 minutes', () => {
    expect([1, 2, 3, 4].map((n) => pushBackoffMs(n))).toEqual([15_000, 30_000, 60_000, 120_000]);
    expect(pushBackoffMs(7)).toBe(960_000);
    expect(pushBackoffMs(8)).toBe(1_800_000);
    expect(pushBackoffMs(MAX_PUSH_ATTEMPTS)).toBe(1_800_000);
    expect(pushBackoffMs(0)).toBe(15_000);
  });

  it('scales with a test base', () => {
    expect(pushBackoffMs(1, 10)).toBe(10);
    expect(pushBackoffMs(30, 10)).toBe(1_200);
  });

  it('a retry that would land in quiet hours waits for 08:00', () => {
    // Tuesday 2026-03-10, 20:59:50 in Israel (UTC+2): 15 s later is 21:00:05, inside the quiet hours.
    expect(pushRetryTime(at('2026-03-10T18:59:50Z'), 1).toISOString()).toBe('2026-03-11T06:00:00.000Z');
    expect(pushRetryTime(at('2026-03-10T18:59:00Z'), 1).toISOString()).toBe('2026-03-10T18:59:15.000Z');
  });
});

describe('when a push may leave (quiet hours 21:00-08:00, Shabbat and holidays, Israel time)', () => {
  it('leaves at once during the day, and at the edges of the quiet hours as the rule says', () => {
    expect(pushSendTime(at('2026-03-10T10:00:00Z')).toISOString()).toBe('2026-03-10T10:00:00.000Z');
    // 20:59:59 goes; 21:00 waits; 07:59 waits; 08:00 goes (UTC+2 in March before the change).
    expect(pushSendTime(at('2026-03-10T18:59:59Z')).toISOString()).toBe('2026-03-10T18:59:59.000Z');
    expect(pushSendTime(at('2026-03-10T19:00:00Z')).toISOString()).toBe('2026-03-11T06:00:00.000Z');
    expect(pushSendTime(at('2026-03-11T05:59:00Z')).toISOString()).toBe('2026-03-11T06:00:00.000Z');
    expect(pushSendTime(at('2026-03-11T06:00:00Z')).toISOString()).toBe('2026-03-11T06:00:00.000Z');
  });

  it('holds from Friday 14:00 to Saturday nightfall, then the quiet hours hold past 21:00', () => {
    // Friday 2026-03-13, 14:00 Israel time.
    expect(pushSendTime(at('2026-03-13T12:00:00Z')).getTime()).toBe(nightfall('2026-03-14').getTime());
    expect(pushSendTime(at('2026-03-13T11:59:00Z')).toISOString()).toBe('2026-03-13T11:59:00.000Z');
    // Saturday 22:00: after Shabbat, but quiet: Sunday 08:00.
    expect(pushSendTime(at('2026-03-14T20:00:00Z')).toISOString()).toBe('2026-03-15T06:00:00.000Z');
  });

  it('holds through a holiday (Yom Kippur 2026) to its nightfall', () => {
    // Monday 2026-09-21, 10:00 Israel time (UTC+3).
    expect(pushSendTime(at('2026-09-21T07:00:00Z')).getTime()).toBe(nightfall('2026-09-21').getTime());
    // The eve, Sunday 2026-09-20 at 15:00.
    expect(pushSendTime(at('2026-09-20T12:00:00Z')).getTime()).toBe(nightfall('2026-09-21').getTime());
  });

  it('wakes at 08:00 Israel time across the daylight-saving changes', () => {
    // Thursday 2026-03-26 22:00 (UTC+2) -> Friday 2026-03-27, the change to summer time: 08:00 is 05:00 UTC.
    expect(pushSendTime(at('2026-03-26T20:00:00Z')).toISOString()).toBe('2026-03-27T05:00:00.000Z');
    // Saturday 2026-10-24 22:00 (UTC+3) -> Sunday 2026-10-25, back to winter time: 08:00 is 06:00 UTC.
    expect(pushSendTime(at('2026-10-24T19:00:00Z')).toISOString()).toBe('2026-10-25T06:00:00.000Z');
  });
});

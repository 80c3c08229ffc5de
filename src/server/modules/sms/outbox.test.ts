import { israelWallTime } from '@shared/domain/israel-calendar';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { enqueueSms, markSmsFailed } from './outbox';

// The personal send window of an SMS that holds quiet hours (a viewing's reminder), on both databases: it is
// queued and retried only when a message may leave; a code or a link goes at once (decision 0054).
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

// 2027-01-18 is a Monday; quiet hours are 21:00-08:00.
const at = (date: string, clock: string) => {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return israelWallTime(date, h * 60 + m);
};
const rowOf = async (id: string) => (await app.db.select().from(smsOutbox).where(eq(smsOutbox.id, id)))[0]!;

describe('an SMS that holds quiet hours', () => {
  it('queued for the night, waits for the morning; a code is not held', async () => {
    const night = at('2027-01-18', '23:30');
    const held = await enqueueSms(app.db, {
      kind: 'viewing-reminder',
      to: '+972521234567',
      text: 'תזכורת',
      notBefore: night,
      holdsQuietHours: true,
    });
    expect((await rowOf(held)).nextAttemptAt).toEqual(at('2027-01-19', '08:00'));
    const code = await enqueueSms(app.db, {
      kind: 'order-sign-code',
      to: '+972521234567',
      text: '123456',
      notBefore: night,
    });
    expect((await rowOf(code)).nextAttemptAt).toEqual(night);
  });

  it('a failure just before 21:00 is retried in the morning, not in quiet hours', async () => {
    const id = await enqueueSms(app.db, {
      kind: 'viewing-reminder',
      to: '+972521234567',
      text: 'תזכורת',
      notBefore: at('2027-01-18', '20:59'),
      holdsQuietHours: true,
    });
    const late = new Date(at('2027-01-18', '20:59').getTime() + 50_000);
    await markSmsFailed(app.db, await rowOf(id), 3, 'HTTP 503', { now: late });
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 3, lastError: 'HTTP 503' });
    expect(row.nextAttemptAt).toEqual(at('2027-01-19', '08:00'));
    // Without the hold, the retry comes after the backoff (20 s after a third attempt).
    const code = await enqueueSms(app.db, { kind: 'order-sign-code', to: '+972521234567', text: '654321' });
    await markSmsFailed(app.db, await rowOf(code), 3, 'HTTP 503', { now: late });
    expect((await rowOf(code)).nextAttemptAt).toEqual(new Date(late.getTime() + 20_000));
  });
});

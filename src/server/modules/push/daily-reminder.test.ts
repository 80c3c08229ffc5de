import { israelWallTime } from '@shared/domain/israel-calendar';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { indicators, pushOutbox, pushSubscriptions } from '../../db/schema';
import { createUser } from '../../test/factories';
import { fakeDevice } from '../../test/push-service';
import { createTestApp, type TestApp } from '../../test/test-app';
import { isReminderDay, queueDailyEntryReminders } from './daily-reminder';
import { setPreferences } from './subscriptions';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

async function withDevice(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(app.db, overrides);
  const { subscription } = fakeDevice(`https://fcm.googleapis.com/fcm/send/${user.id}`);
  await app.db.insert(pushSubscriptions).values({
    userId: user.id,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
  });
  return user;
}
const queuedFor = async (userId: string) =>
  (await app.db.select().from(pushOutbox).where(eq(pushOutbox.userId, userId))).filter(
    (r) => r.kind === 'dailyEntryMissing',
  );

describe('the 18:00 "daily entry missing" reminder', () => {
  it('is a working-day rule: Sunday to Thursday, no Shabbat or holiday', () => {
    expect(isReminderDay('2026-03-10', false)).toBe(true); // Tuesday
    expect(isReminderDay('2026-03-13', false)).toBe(false); // Friday
    expect(isReminderDay('2026-03-14', false)).toBe(false); // Saturday
    expect(isReminderDay('2026-09-21', false)).toBe(false); // Yom Kippur (Monday)
  });

  it('queues once per agent and day, from 18:00 to 21:00, only for those without an entry who want it', async () => {
    const missing = await withDevice();
    const entered = await withDevice();
    const declined = await withDevice();
    const pureAdmin = await withDevice({ role: 'admin', companyRole: null });
    await setPreferences(app.db, declined.id, {
      leadAssigned: true,
      leadEscalated: true,
      nextTouchDue: true,
      dailyEntryMissing: false,
    });
    const day = '2026-03-10';
    await app.db
      .insert(indicators)
      .values({ agentId: entered.id, meetings: 1, createdAt: israelWallTime(day, 10 * 60) });
    expect(await queueDailyEntryReminders(app.db, israelWallTime(day, 17 * 60 + 59))).toBe(0);
    await queueDailyEntryReminders(app.db, israelWallTime(day, 18 * 60));
    await queueDailyEntryReminders(app.db, israelWallTime(day, 18 * 60 + 1)); // the next minute, or another server
    expect(await queuedFor(missing.id)).toHaveLength(1);
    expect((await queuedFor(missing.id))[0]!.payload).toMatchObject({ url: '/DailyIndicator' });
    for (const user of [entered, declined, pureAdmin]) expect(await queuedFor(user.id)).toHaveLength(0);
    const late = await withDevice();
    expect(await queueDailyEntryReminders(app.db, israelWallTime(day, 21 * 60))).toBe(0);
    expect(await queuedFor(late.id)).toHaveLength(0);
    // Friday: no reminder at all.
    expect(await queueDailyEntryReminders(app.db, israelWallTime('2026-03-13', 18 * 60))).toBe(0);
  });
});

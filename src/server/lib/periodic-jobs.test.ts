import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { alertConsentLog, rateLimits } from '../db/schema';
import { alertsPurgeTick } from '../modules/alerts';
import { orphanSweepTick } from '../storage/orphan-sweep';
import { createTwoInstances } from '../test/test-app';
import { maintenanceTick } from './maintenance';

// The periodic jobs of two server processes on one database, ticking all through a period: each runs once.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let apps: Awaited<ReturnType<typeof createTwoInstances>>;

beforeAll(async () => {
  apps = await createTwoInstances();
  await Promise.all([apps.first.ready(), apps.second.ready()]);
});

/** Both processes tick at each of these minutes after `start` (the same instant each time). */
async function tickBoth(
  tick: (app: typeof apps.first, now: Date) => Promise<unknown>,
  start: Date,
  minutes: number[],
) {
  for (const m of minutes) {
    const now = new Date(start.getTime() + m * MINUTE);
    await Promise.all([tick(apps.first, now), tick(apps.second, now)]);
  }
}

describe('periodic jobs across processes', () => {
  it('the maintenance purge runs once an hour', async () => {
    const { first } = apps;
    const expired = async (key: string) => {
      await first.db.insert(rateLimits).values({ key, count: 1, resetAt: new Date(Date.now() - MINUTE) });
    };
    const left = async () =>
      (await first.db.select().from(rateLimits).where(like(rateLimits.key, 'periodic-%'))).map((r) => r.key);
    const start = new Date();
    await expired('periodic-1');
    await tickBoth(maintenanceTick, start, [0]);
    expect(await left()).toEqual([]);
    await expired('periodic-2');
    await tickBoth(maintenanceTick, start, [5, 30, 59]);
    expect(await left()).toEqual(['periodic-2']);
    await tickBoth(maintenanceTick, start, [60]);
    expect(await left()).toEqual([]);
  });

  it('the alerts purge runs once an hour', async () => {
    const { first } = apps;
    const start = new Date();
    const expired = async (emailHash: string) => {
      await first.db
        .insert(alertConsentLog)
        .values({ emailHash, event: 'consent', at: new Date(start.getTime() - 4 * 365 * 24 * HOUR) });
    };
    const left = async () =>
      (
        await first.db.select().from(alertConsentLog).where(like(alertConsentLog.emailHash, 'periodic-%'))
      ).map((r) => r.emailHash);
    await expired('periodic-1');
    await tickBoth(alertsPurgeTick, start, [0]);
    expect(await left()).toEqual([]);
    await expired('periodic-2');
    await tickBoth(alertsPurgeTick, start, [1, 2, 30, 59]);
    expect(await left()).toEqual(['periodic-2']);
    await tickBoth(alertsPurgeTick, start, [60]);
    expect(await left()).toEqual([]);
    await first.db.delete(alertConsentLog).where(eq(alertConsentLog.emailHash, 'periodic-2'));
  });

  it('the orphan sweep runs once a day', async () => {
    const { first } = apps;
    const orphan = (name: string) => first.storage.put(`media/${name}.mp4`, Buffer.from(name), 'video/mp4');
    const left = async () =>
      (await first.storage.list()).map((f) => f.key).filter((k) => k.includes('periodic-'));
    // Past the sweep's grace time for files written now.
    const start = new Date(Date.now() + 7 * HOUR);
    await orphan('periodic-1');
    await tickBoth(orphanSweepTick, start, [0]);
    expect(await left()).toEqual([]);
    await orphan('periodic-2');
    await tickBoth(orphanSweepTick, start, [15, 60, 12 * 60, 24 * 60 - 1]);
    expect(await left()).toEqual(['media/periodic-2.mp4']);
    await tickBoth(orphanSweepTick, start, [24 * 60]);
    expect(await left()).toEqual([]);
  });
});

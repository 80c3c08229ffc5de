import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTwoInstances, signIn } from '../../test/test-app';
import { runAlertsOnce } from './job';
import { addPropertyByApi, confirmedSubscriber, freshEmail, HOUR, WEEKDAY_MORNING } from './test-helpers';

// Two server processes on one database run the alerts job at the same moments: each alert goes out once.
let apps: Awaited<ReturnType<typeof createTwoInstances>>;
const plenty = { max: 100_000, windowMs: 60_000 };

beforeAll(async () => {
  apps = await createTwoInstances({
    rateLimits: { alertsSubscribePerIp: plenty, alertsPagePerIp: plenty, alertsPerContact: plenty },
  });
  await Promise.all([apps.first.ready(), apps.second.ready()]);
});

describe('the alerts job in two processes', () => {
  it('never queues an alert twice', async () => {
    const { first, second } = apps;
    const admin = await createUser(first.db, { role: 'admin' });
    const cookie = await signIn(first, admin.email, TEST_PASSWORD);
    const city = `עיר-${Math.random().toString(36).slice(2, 8)}`;
    const emails = [freshEmail(), freshEmail(), freshEmail()];
    for (const email of emails) await confirmedSubscriber(first, email, { search: { type: 'sale', city } });
    for (let i = 0; i < 3; i += 1) await addPropertyByApi(second, cookie, { city, address: `הרצל ${i + 1}` });
    const rounds = [WEEKDAY_MORNING, new Date(WEEKDAY_MORNING.getTime() + 2 * HOUR)];
    for (const now of rounds) {
      await Promise.all([runAlertsOnce(first, now), runAlertsOnce(second, now), runAlertsOnce(first, now)]);
    }
    for (const email of emails) {
      const mails = await first.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), like(mailOutbox.kind, 'alert')));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('פרסומת: 3 נכסים שמתאימים לכם');
    }
  });
});

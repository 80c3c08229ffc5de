import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { alertSubscribers } from '../../db/schema';
import type { TestApp } from '../../test/test-app';
import { confirmedSubscriber, createAlertsTestApp, freshEmail } from './test-helpers';
import { issueToken } from './tokens';

// A token opens only what it was issued for: the unsubscribe link in every alert mail (which mail scanners and
// forwarded mails pass around) must never open the private alerts page, and the private link must not
// unsubscribe.
let app: TestApp;

beforeAll(async () => {
  app = await createAlertsTestApp();
  await app.ready();
});

async function subscriberWithTokens() {
  const email = freshEmail('purpose');
  const access = await confirmedSubscriber(app, email);
  const [subscriber] = await app.db.select().from(alertSubscribers).where(eq(alertSubscribers.email, email));
  const unsubscribe = await issueToken(app.db, subscriber!.id, 'unsubscribe');
  return { id: subscriber!.id, access, unsubscribe };
}

describe('alert token purposes', () => {
  it('an unsubscribe token does not open the private alerts page or its API', async () => {
    const { access, unsubscribe } = await subscriberWithTokens();
    expect((await app.inject({ url: `/api/v1/alerts/me/${access}` })).statusCode).toBe(200);
    expect((await app.inject({ url: `/api/v1/alerts/me/${unsubscribe}` })).statusCode).toBe(404);
    const deleted = await app.inject({ method: 'DELETE', url: `/api/v1/alerts/me/${unsubscribe}` });
    expect(deleted.statusCode).toBe(404);
  });

  it('a private-page token does not unsubscribe, and the unsubscribe token does', async () => {
    const { id, access, unsubscribe } = await subscriberWithTokens();
    const wrongPurpose = await app.inject({ method: 'POST', url: `/alerts/unsubscribe/${access}` });
    expect(wrongPurpose.body).not.toContain('הוסרתם מרשימת התפוצה');
    const stillSubscribed = await app.db.select().from(alertSubscribers).where(eq(alertSubscribers.id, id));
    expect(stillSubscribed[0]?.unsubscribedAt).toBeNull();
    expect((await app.inject({ method: 'POST', url: `/alerts/unsubscribe/${unsubscribe}` })).statusCode).toBe(
      200,
    );
    const after = await app.db.select().from(alertSubscribers).where(eq(alertSubscribers.id, id));
    expect(after[0]?.unsubscribedAt).toBeInstanceOf(Date);
  });
});

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { alertSubscribers, leads } from '../../db/schema';
import { createProperty, createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { confirmedSubscriber, freshEmail } from './test-helpers';

let app: TestApp;
const plenty = { max: 100_000, windowMs: 60_000 };

beforeAll(async () => {
  app = await createTestApp({
    rateLimits: { alertsSubscribePerIp: plenty, alertsPagePerIp: plenty, alertsPerContact: plenty },
  });
  await app.ready();
});

const get = async (url: string, userId: string) =>
  app.inject({ url: `/api/v1${url}`, headers: { cookie: await sessionCookieFor(app.db, userId) } });

describe('buyers matched to listings, both ways', () => {
  it('a property lists its matching buyers; contact details only for its agents and admins', async () => {
    const owner = await createUser(app.db);
    const other = await createUser(app.db);
    const admin = await createUser(app.db, { role: 'admin' });
    const city = `עיר-${Math.random().toString(36).slice(2, 8)}`;
    const email = freshEmail();
    await confirmedSubscriber(app, email, {
      phone: '054-222 3344',
      search: { type: 'sale', city, minRooms: 3, maxPrice: 2_000_000 },
    });
    await confirmedSubscriber(app, freshEmail(), { search: { type: 'sale', city, category: 'וילה' } });
    const property = await createProperty(app.db, { city, rooms: 4, price: 2_080_000, agentId: owner.id });
    const subscriber = (
      await app.db.select().from(alertSubscribers).where(eq(alertSubscribers.email, email))
    )[0]!;
    // The buyer's lead is the property agent's: the link to it is given.
    await app.db.update(leads).set({ ownerId: owner.id }).where(eq(leads.id, subscriber.leadId!));

    const asOwner = await get(`/property/${property.id}/matching-buyers`, owner.id);
    expect(asOwner.statusCode).toBe(200);
    const [buyer, ...rest] = asOwner.json().data.buyers;
    expect(rest).toEqual([]);
    expect(buyer).toMatchObject({
      sentence: `נכסים 3 חדרים ומעלה ב${city} עד 2,000,000 ₪`,
      overMaxPercent: 4,
      contact: { _id: subscriber.contactId, name: 'דנה קונה', phone: '054-222 3344', email },
      leadId: subscriber.leadId,
    });
    const asOther = (await get(`/property/${property.id}/matching-buyers`, other.id)).json().data.buyers;
    expect(asOther).toEqual([expect.objectContaining({ contact: null, leadId: null, overMaxPercent: 4 })]);
    const asAdmin = (await get(`/property/${property.id}/matching-buyers`, admin.id)).json().data.buyers;
    expect(asAdmin[0].contact).not.toBeNull();
    // Another agent's lead of the buyer: the property agent still calls the buyer, but gets no link to that lead.
    await app.db.update(leads).set({ ownerId: other.id }).where(eq(leads.id, subscriber.leadId!));
    const [elsewhere] = (await get(`/property/${property.id}/matching-buyers`, owner.id)).json().data.buyers;
    expect(elsewhere).toMatchObject({ contact: { phone: '054-222 3344' }, leadId: null });
    expect(
      (await get(`/property/${property.id}/matching-buyers`, admin.id)).json().data.buyers[0].leadId,
    ).toBe(subscriber.leadId);
    expect(
      (await get(`/property/00000000-0000-4000-8000-000000000000/matching-buyers`, owner.id)).statusCode,
    ).toBe(404);
  });

  it('a buyer’s lead lists the properties each requirement matches; only its owner and admins see it', async () => {
    const city = `עיר-${Math.random().toString(36).slice(2, 8)}`;
    const email = freshEmail();
    await confirmedSubscriber(app, email, { search: { type: 'rent', city, maxPrice: 6000 } });
    const subscriber = (
      await app.db.select().from(alertSubscribers).where(eq(alertSubscribers.email, email))
    )[0]!;
    const inBudget = await createProperty(app.db, { city, typeTransaction: 'השכרה', price: 5500 });
    const over = await createProperty(app.db, { city, typeTransaction: 'השכרה', price: 6200 });
    await createProperty(app.db, { city, typeTransaction: 'השכרה', price: 7000 });
    await createProperty(app.db, { city, typeTransaction: 'מכירה', price: 5000 });
    await createProperty(app.db, { city, typeTransaction: 'השכרה', price: 5000, sold: true });
    const admin = await createUser(app.db, { role: 'admin' });
    const stranger = await createUser(app.db);
    const res = await get(`/pipeline/leads/${subscriber.leadId}/matching-properties`, admin.id);
    expect(res.statusCode).toBe(200);
    const [requirement] = res.json().data.requirements;
    expect(requirement.sentence).toBe(`נכסים להשכרה ב${city} עד 6,000 ₪`);
    expect(
      requirement.matches.map((m: { property: { _id: string }; overMaxPercent: number }) => [
        m.property._id,
        m.overMaxPercent,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [inBudget.id, 0],
        [over.id, 4],
      ]),
    );
    expect(requirement.matches).toHaveLength(2);
    expect(
      (await get(`/pipeline/leads/${subscriber.leadId}/matching-properties`, stranger.id)).statusCode,
    ).toBe(403);
  });
});

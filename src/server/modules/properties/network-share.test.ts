import { israelDate } from '@shared/domain/israel-time';
import { NETWORK_SHARE_MESSAGES } from '@shared/schemas/network-share';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  alertSubscribers,
  auditLog,
  branches,
  brokerageOrders,
  contacts,
  leads,
  properties,
} from '../../db/schema';
import { createProperty, createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { confirmedSubscriber, freshEmail } from '../alerts/test-helpers';

// A property shared with the network (docs/decisions/0052), on both databases: its own branch switches the
// sharing (audited); another branch then sees it in its staff list and its buyers' matches, read-only, with whom
// to call and never the owner's details (in the JSON itself); an unshared property of another branch stays 404.

const plenty = { max: 100_000, windowMs: 60_000 };
let app: TestApp;
type Person = { id: string; cookie: string };
const people = {} as Record<'managerA' | 'agentA' | 'colleagueA' | 'managerB' | 'agentB' | 'network', Person>;
let branchA = '';
let branchB = '';
let shared = '';
let unshared = '';
let buyerLead = '';
const city = `עיר-${Math.random().toString(36).slice(2, 8)}`;
/** The owner's details, on the property's signed exclusivity: none may reach another branch. */
const OWNER = {
  name: 'בעלת הנכס רותם',
  phone: '0527778899',
  email: 'owner-rotem@example.com',
  idNumber: '123456782',
};

const call = (
  method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST',
  url: string,
  who: Person,
  payload?: object,
) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });

async function person(branchId: string, role: 'admin' | 'agent', networkAccess = false): Promise<Person> {
  const user = await createUser(app.db, { branchId, role, networkAccess, name: `איש ${role}` });
  return { id: user.id, cookie: await sessionCookieFor(app.db, user.id) };
}

const ownerLeaks = (body: string) =>
  [OWNER.name, OWNER.phone, OWNER.email, OWNER.idNumber].filter((value) => body.includes(value));

beforeAll(async () => {
  app = await createTestApp({
    rateLimits: { alertsSubscribePerIp: plenty, alertsPagePerIp: plenty, alertsPerContact: plenty },
  });
  await app.ready();
  const brokers = [{ name: 'מתווך מורשה', licenceNumber: '3012345' }];
  const [a, b] = await app.db
    .insert(branches)
    .values([
      {
        name: 'חיפה',
        slug: `haifa-${city}`,
        city: 'חיפה',
        phone: '04-8123456',
        email: 'haifa@example.com',
        brokers,
      },
      { name: 'סניף הרצליה', slug: `herzliya-${city}`, city: 'הרצליה', address: 'סוקולוב 1', brokers },
    ])
    .returning();
  branchA = a!.id;
  branchB = b!.id;
  people.managerA = await person(branchA, 'admin');
  people.agentA = await person(branchA, 'agent');
  people.colleagueA = await person(branchA, 'agent');
  people.managerB = await person(branchB, 'admin');
  people.agentB = await person(branchB, 'agent');
  people.network = await person(branchB, 'admin', true);
  const property = await createProperty(app.db, {
    agentId: people.agentA.id,
    branchId: branchA,
    city,
    address: 'השיתוף 7',
    rooms: 4,
    price: 1_900_000,
  });
  shared = property.id;
  unshared = (
    await createProperty(app.db, { agentId: people.agentA.id, branchId: branchA, city, address: 'הפרטי 9' })
  ).id;
  await app.db.insert(brokerageOrders).values({
    kind: 'exclusivity',
    branchId: branchA,
    agentId: people.agentA.id,
    side: 'seller',
    transactionKind: 'sale',
    clientName: OWNER.name,
    clientIdNumber: OWNER.idNumber,
    clientAddress: 'השיתוף 7, חיפה',
    clientPhone: OWNER.phone,
    clientEmail: OWNER.email,
    agencyName: 'הסוכנות',
    brokerName: 'מתווך',
    brokerLicence: '3012345',
    brokerAddress: 'מוריה 50',
    properties: [{ propertyId: shared, address: 'השיתוף 7' }],
    approxPrice: 1_900_000,
    feePercentHundredths: 200,
    vatIncluded: false,
    status: 'signed',
    signedAt: new Date(),
    termStart: israelDate(),
    termEnd: israelDate(new Date(Date.now() + 90 * 86_400_000)),
    marketingActions: ['sign'],
  });
  // A buyer of branch B, worked by B's agent, looking for a flat in the property's city.
  const email = freshEmail();
  await confirmedSubscriber(app, email, { search: { type: 'sale', city, minRooms: 3, maxPrice: 2_000_000 } });
  const [subscriber] = await app.db.select().from(alertSubscribers).where(eq(alertSubscribers.email, email));
  buyerLead = subscriber!.leadId!;
  await app.db
    .update(leads)
    .set({ branchId: branchB, ownerId: people.agentB.id })
    .where(eq(leads.id, buyerLead));
  await app.db.update(contacts).set({ branchId: branchB }).where(eq(contacts.id, subscriber!.contactId!));
});

const matchedIds = async (who: Person) => {
  const res = await call('GET', `/pipeline/leads/${buyerLead}/matching-properties`, who);
  expect(res.statusCode).toBe(200);
  return res
    .json()
    .data.requirements.flatMap((r: { matches: { property: { _id: string } }[] }) =>
      r.matches.map((m) => m.property._id),
    );
};
const staffIds = async (who: Person, query = '') => {
  const res = await call('GET', `/property/staff?type=sale${query}`, who);
  expect(res.statusCode).toBe(200);
  return res.json().data.items.map((i: { property: { _id: string } }) => i.property._id);
};

describe('a property shared with the network', () => {
  it('is invisible to another branch until its own branch shares it', async () => {
    expect((await call('GET', `/property/${shared}/network`, people.managerB)).statusCode).toBe(404);
    expect((await call('GET', `/property/${shared}/matching-buyers`, people.agentB)).statusCode).toBe(404);
    expect(await staffIds(people.managerB)).not.toContain(shared);
    expect(await matchedIds(people.agentB)).not.toContain(shared);
    const lead = await call('POST', '/pipeline/leads', people.agentB, {
      name: 'קונה מהרצליה',
      phone: '0541234567',
      category: 'קונה',
      propertyId: shared,
    });
    expect(lead.statusCode).toBe(400);
    expect(lead.json().fieldErrors).toHaveProperty('propertyId');
    // Its own branch reads it whole: the owner too, for its agent.
    const own = await call('GET', `/property/${shared}/network`, people.agentA);
    expect(own.json().data.network).toMatchObject({
      shared: false,
      own: true,
      mayShare: true,
      mark: null,
      owner: OWNER,
    });
  });

  it('is switched by its agent or its branch manager only, each switch audited; bad input is a Hebrew 400', async () => {
    const other = await call('PUT', `/property/${shared}/network`, people.managerB, { shared: true });
    expect(other.statusCode).toBe(404);
    const colleague = await call('PUT', `/property/${shared}/network`, people.colleagueA, { shared: true });
    expect(colleague.statusCode).toBe(403);
    expect(colleague.json().message).toBe(NETWORK_SHARE_MESSAGES.notYours);
    const bad = await call('PUT', `/property/${shared}/network`, people.agentA, { shared: 'כן' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.shared).toBe(NETWORK_SHARE_MESSAGES.sharedInvalid);
    const [row] = await app.db.select().from(properties).where(eq(properties.id, shared));
    expect(row!.sharedWithNetwork).toBe(false);

    const on = await call('PUT', `/property/${shared}/network`, people.agentA, { shared: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().data.network).toMatchObject({ shared: true, own: true });
    const off = await call('PUT', `/property/${shared}/network`, people.managerA, { shared: false });
    expect(off.json().data.network.shared).toBe(false);
    expect(
      (await call('PUT', `/property/${shared}/network`, people.managerA, { shared: true })).statusCode,
    ).toBe(200);
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'property'), eq(auditLog.entityId, shared)))
      .orderBy(auditLog.createdAt);
    expect(entries.map((e) => [e.actorId, e.changes])).toEqual([
      [people.agentA.id, { sharedWithNetwork: { before: false, after: true } }],
      [people.managerA.id, { sharedWithNetwork: { before: true, after: false } }],
      [people.managerA.id, { sharedWithNetwork: { before: false, after: true } }],
    ]);
  });

  it("shows in the other branch's staff list and matches, marked, with whom to call, never the owner", async () => {
    const view = await call('GET', `/property/${shared}/network`, people.managerB);
    expect(view.statusCode).toBe(200);
    expect(view.json().data.network).toMatchObject({
      shared: true,
      own: false,
      mayShare: false,
      mark: 'נכס משותף · סניף חיפה',
      owner: null,
      contact: {
        branch: { _id: branchA, name: 'חיפה', phone: '04-8123456', email: 'haifa@example.com' },
        agent: { _id: people.agentA.id },
      },
    });
    expect(ownerLeaks(view.body)).toEqual([]);

    const list = await call('GET', '/property/staff?type=sale', people.managerB);
    expect(ownerLeaks(list.body)).toEqual([]);
    const item = list.json().data.items.find((i: { property: { _id: string } }) => i.property._id === shared);
    expect(item).toMatchObject({ shared: true, own: false, mark: 'נכס משותף · סניף חיפה' });
    // Whom to call, the same office and agent (phones and e-mails) as the property's own network answer.
    expect(item.contact).toEqual(view.json().data.network.contact);
    expect(item.contact.agent).toMatchObject({ _id: people.agentA.id, name: 'איש agent' });
    expect(item.contact.agent.phone).not.toBe('');
    // Its own branch reads the same office and agent on it, and no more: the list names no owner to anyone.
    const ownList = await call('GET', '/property/staff?type=sale&which=own', people.agentA);
    const ownItem = ownList
      .json()
      .data.items.find((i: { property: { _id: string } }) => i.property._id === shared);
    expect(ownItem).toMatchObject({ own: true, mark: null, contact: item.contact });
    expect(ownerLeaks(ownList.body)).toEqual([]);
    expect(await staffIds(people.managerB)).not.toContain(unshared);
    expect(await staffIds(people.managerB, '&which=own')).not.toContain(shared);
    expect(await staffIds(people.managerA, '&which=own')).toEqual(expect.arrayContaining([shared, unshared]));
    expect(await staffIds(people.managerA, '&which=shared')).not.toContain(shared);
    expect(await staffIds(people.network, '&which=shared')).toContain(shared);

    const matches = await call('GET', `/pipeline/leads/${buyerLead}/matching-properties`, people.agentB);
    expect(ownerLeaks(matches.body)).toEqual([]);
    const found = matches
      .json()
      .data.requirements[0].matches.find((m: { property: { _id: string } }) => m.property._id === shared);
    expect(found.sharedMark).toBe('נכס משותף · סניף חיפה');
    expect(await matchedIds(people.agentB)).not.toContain(unshared);

    // B's agent offers it to B's buyer: the buyer's details are his (he reads the lead).
    const buyers = await call('GET', `/property/${shared}/matching-buyers`, people.agentB);
    expect(buyers.statusCode).toBe(200);
    expect(buyers.json().data.buyers).toEqual([
      expect.objectContaining({ leadId: buyerLead, contact: expect.objectContaining({ name: 'דנה קונה' }) }),
    ]);
    expect(ownerLeaks(buyers.body)).toEqual([]);
    // A's own agent sees that the buyer exists, not B's buyer's details.
    const fromA = await call('GET', `/property/${shared}/matching-buyers`, people.agentA);
    expect(fromA.json().data.buyers).toEqual([expect.objectContaining({ contact: null, leadId: null })]);
  });

  it('stays read-only for the other branch: every write and the owner-bearing reads are not found', async () => {
    const [before] = await app.db.select().from(properties).where(eq(properties.id, shared));
    const refused = [
      await call('PATCH', `/property/${shared}`, people.managerB, { price: 1 }),
      await call('DELETE', `/property/${shared}`, people.managerB),
      await call('PUT', `/property/${shared}/network`, people.managerB, { shared: false }),
      await call('GET', `/orders?propertyId=${shared}`, people.managerB),
      await call('GET', `/exclusivities?propertyId=${shared}`, people.managerB),
      await call('GET', `/property/${shared}/viewing-settings`, people.managerB),
      await call('GET', `/property/${unshared}/network`, people.managerB),
      await call('GET', `/property/${unshared}/matching-buyers`, people.agentB),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual(refused.map(() => 404));
    for (const r of refused) expect(ownerLeaks(r.body)).toEqual([]);
    const [after] = await app.db.select().from(properties).where(eq(properties.id, shared));
    expect(after).toEqual(before);
  });

  it("a lead another branch adds on it stays that branch's, owned by its agent; its buyer's order may name it", async () => {
    const res = await call('POST', '/pipeline/leads', people.agentB, {
      name: 'קונה מהרצליה',
      phone: '0541234567',
      category: 'קונה',
      propertyId: shared,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [lead] = await app.db.select().from(leads).where(eq(leads.id, res.json().data.lead._id));
    expect(lead).toMatchObject({ branchId: branchB, ownerId: people.agentB.id, propertyId: shared });
    // B's manager, naming no owner, routes it inside B: never to the property's agent in A.
    const byManager = await call('POST', '/pipeline/leads', people.managerB, {
      name: 'קונה נוסף',
      phone: '0541234568',
      category: 'קונה',
      propertyId: shared,
    });
    expect(byManager.statusCode, byManager.body).toBe(201);
    const [routed] = await app.db.select().from(leads).where(eq(leads.id, byManager.json().data.lead._id));
    expect(routed!.branchId).toBe(branchB);
    expect(routed!.ownerId).not.toBe(people.agentA.id);
    // However the rotation turns (the network's rules, B having none of its own), never to an agent of A.
    for (const n of [1, 2, 3, 4]) {
      const next = await call('POST', '/pipeline/leads', people.managerB, {
        name: `קונה ${n}`,
        phone: `054123457${n}`,
        category: 'קונה',
        propertyId: shared,
      });
      expect(next.statusCode, next.body).toBe(201);
      const [row] = await app.db.select().from(leads).where(eq(leads.id, next.json().data.lead._id));
      expect(row!.branchId).toBe(branchB);
      expect([people.agentA.id, people.colleagueA.id, people.managerA.id]).not.toContain(row!.ownerId);
    }
    // B's buyer's brokerage order may name the shared listing; a seller's order of B may not.
    const order = (side: string, transactionKind: string) =>
      call('POST', '/orders', people.agentB, {
        leadId: lead!.id,
        side,
        transactionKind,
        clientName: 'קונה מהרצליה',
        clientIdNumber: '039337423',
        clientAddress: 'סוקולוב 3, הרצליה',
        clientPhone: '0541234567',
        properties: [{ propertyId: shared, address: 'השיתוף 7' }],
        approxPrice: 1_900_000,
        feeKind: 'percent',
        feeValue: 2,
        vatIncluded: false,
      });
    const buyerOrder = await order('buyer', 'purchase');
    expect(buyerOrder.statusCode, buyerOrder.body).toBe(201);
    expect(ownerLeaks(buyerOrder.body)).toEqual([]);
    const sellerOrder = await order('seller', 'sale');
    expect(sellerOrder.statusCode).toBe(400);
    expect(sellerOrder.json().fieldErrors).toHaveProperty(['properties.0.propertyId']);
  });

  it('unshared again, it is not found for the other branch', async () => {
    expect(
      (await call('PUT', `/property/${shared}/network`, people.agentA, { shared: false })).statusCode,
    ).toBe(200);
    expect((await call('GET', `/property/${shared}/network`, people.managerB)).statusCode).toBe(404);
    expect(await staffIds(people.managerB)).not.toContain(shared);
    expect(await matchedIds(people.agentB)).not.toContain(shared);
  });
});

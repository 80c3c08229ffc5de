import { israelYearMonth } from '@shared/domain/israel-calendar';
import { BRANCH_MESSAGES } from '@shared/schemas/branch';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { branches, contacts, indicators, leads, properties, users } from '../../db/schema';
import { createProperty, createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addLead } from '../leads';

// The branch as a boundary (docs/decisions/0033), on both databases: a Haifa franchisee reads, lists and changes
// only Haifa's leads, listings, people and figures; a Tel Aviv row is not found for her (404, nothing written);
// the network CEO sees every branch.

let app: TestApp;
type Person = { id: string; cookie: string };
let ceo: Person;
let franchisee: Person;
let haifaAgent: Person;
let telAvivAgent: Person;
const ids = {
  haifa: '',
  telAviv: '',
  haifaLead: '',
  telAvivLead: '',
  haifaProperty: '',
  telAvivProperty: '',
};
const { year, month } = israelYearMonth();

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

async function person(branchId: string, overrides: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const user = await createUser(app.db, { branchId, ...overrides });
  return { id: user.id, cookie: await sessionCookieFor(app.db, user.id) };
}

async function leadIn(branchId: string, ownerId: string, phone: string) {
  const [contact] = await app.db.insert(contacts).values({ name: 'פונה', phone, branchId }).returning();
  const [lead] = await app.db
    .insert(leads)
    .values({ contactId: contact!.id, name: `פונה ${phone}`, phone, category: 'קונה', ownerId, branchId })
    .returning();
  return lead!.id;
}

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  const [haifa, telAviv] = await app.db
    .insert(branches)
    .values([
      { name: 'חיפה', slug: 'haifa', city: 'חיפה' },
      { name: 'תל אביב', slug: 'tel-aviv', city: 'תל אביב-יפו' },
    ])
    .returning();
  ids.haifa = haifa!.id;
  ids.telAviv = telAviv!.id;
  ceo = await person(ids.telAviv, { role: 'admin', networkAccess: true, name: 'מנכ"ל הרשת' });
  franchisee = await person(ids.haifa, { role: 'admin', networkAccess: false, name: 'זכיינית חיפה' });
  haifaAgent = await person(ids.haifa, { name: 'סוכן חיפה' });
  telAvivAgent = await person(ids.telAviv, { name: 'סוכן תל אביב' });
  ids.haifaLead = await leadIn(ids.haifa, haifaAgent.id, '0501111111');
  ids.telAvivLead = await leadIn(ids.telAviv, telAvivAgent.id, '0502222222');
  ids.haifaProperty = (await createProperty(app.db, { agentId: haifaAgent.id, address: 'הרצל 1' })).id;
  ids.telAvivProperty = (await createProperty(app.db, { agentId: telAvivAgent.id, address: 'דיזנגוף 1' })).id;
  await app.db.insert(indicators).values([
    { agentId: haifaAgent.id, meetings: 2 },
    { agentId: telAvivAgent.id, meetings: 5 },
  ]);
});

describe('a Haifa franchisee', () => {
  it('lists only Haifa leads, and does not find a Tel Aviv lead to read or change', async () => {
    const list = await call('GET', '/pipeline/leads', franchisee.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.leads.map((l: { _id: string }) => l._id)).toEqual([ids.haifaLead]);
    expect(list.json().data.leads[0].branch).toEqual({ _id: ids.haifa, name: 'חיפה', slug: 'haifa' });
    expect((await call('GET', `/pipeline/leads/${ids.haifaLead}`, franchisee.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/pipeline/leads/${ids.telAvivLead}`, franchisee.cookie)).statusCode).toBe(404);
    const moved = await call('PATCH', `/pipeline/leads/${ids.telAvivLead}`, franchisee.cookie, {
      status: 'contacted',
    });
    expect(moved.statusCode).toBe(404);
    const reassigned = await call('POST', `/pipeline/leads/${ids.telAvivLead}/reassign`, franchisee.cookie, {
      ownerId: haifaAgent.id,
      note: '',
    });
    expect(reassigned.statusCode).toBe(404);
    const [lead] = await app.db.select().from(leads).where(eq(leads.id, ids.telAvivLead));
    expect([lead!.status, lead!.ownerId]).toEqual(['new', telAvivAgent.id]);
  });

  it('cannot give her lead to a Tel Aviv agent', async () => {
    const r = await call('POST', `/pipeline/leads/${ids.haifaLead}/reassign`, franchisee.cookie, {
      ownerId: telAvivAgent.id,
      note: '',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().fieldErrors).toHaveProperty('ownerId');
  });

  it('does not find a Tel Aviv listing to edit, delete or re-photograph, and edits a Haifa one', async () => {
    const edit = await call('PATCH', `/property/${ids.telAvivProperty}`, franchisee.cookie, { price: 1 });
    expect(edit.statusCode).toBe(404);
    expect((await call('DELETE', `/property/${ids.telAvivProperty}`, franchisee.cookie)).statusCode).toBe(
      404,
    );
    const [kept] = await app.db.select().from(properties).where(eq(properties.id, ids.telAvivProperty));
    expect(kept!.price).toBe(1_500_000);
    const own = await call('PATCH', `/property/${ids.haifaProperty}`, franchisee.cookie, {
      price: 1_400_000,
    });
    expect(own.statusCode).toBe(200);
  });

  it('cannot give a listing a Tel Aviv agent, and files a new one under Haifa', async () => {
    const wrongAgent = await call('POST', '/property', franchisee.cookie, {
      typeTransaction: 'מכירה',
      city: 'חיפה',
      address: 'הנביאים 3',
      price: 900_000,
      category: 'דירה',
      agent: telAvivAgent.id,
    });
    expect(wrongAgent.statusCode).toBe(400);
    const made = await call('POST', '/property', franchisee.cookie, {
      typeTransaction: 'מכירה',
      city: 'חיפה',
      address: 'הנביאים 4',
      price: 900_000,
      category: 'דירה',
    });
    expect(made.statusCode).toBe(201);
    const [row] = await app.db.select().from(properties).where(eq(properties.id, made.json().data.data._id));
    expect(row!.branchId).toBe(ids.haifa);
  });

  it('manages only Haifa people', async () => {
    const list = await call('GET', '/users?includeInactive=true', franchisee.cookie);
    const names = list.json().data.data.map((u: { name: string }) => u.name);
    expect(names).toContain('סוכן חיפה');
    expect(names).not.toContain('סוכן תל אביב');
    const edit = await call('PATCH', `/users/${telAvivAgent.id}`, franchisee.cookie, { name: 'שונה' });
    expect(edit.statusCode).toBe(404);
    expect((await call('DELETE', `/users/${telAvivAgent.id}`, franchisee.cookie)).statusCode).toBe(404);
    const [agent] = await app.db.select().from(users).where(eq(users.id, telAvivAgent.id));
    expect([agent!.name, agent!.active]).toEqual(['סוכן תל אביב', true]);
    // Read as a visitor would: public fields only, no e-mail.
    const read = await call('GET', `/users/${telAvivAgent.id}`, franchisee.cookie);
    expect(read.json().data.data).not.toHaveProperty('email');
  });

  it('adds people to Haifa only, and cannot give network access', async () => {
    const body = {
      name: 'סוכנת חדשה',
      email: 'new-haifa@example.com',
      phone_number: '0541234567',
      role: 'agent',
    };
    const elsewhere = await call('POST', '/users', franchisee.cookie, { ...body, branchId: ids.telAviv });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().fieldErrors.branchId).toBe(BRANCH_MESSAGES.notFound);
    const network = await call('POST', '/users', franchisee.cookie, {
      ...body,
      role: 'admin',
      networkAccess: true,
    });
    expect(network.statusCode).toBe(403);
    const made = await call('POST', '/users', franchisee.cookie, body);
    expect(made.statusCode).toBe(201);
    const [row] = await app.db.select().from(users).where(eq(users.email, 'new-haifa@example.com'));
    expect(row!.branchId).toBe(ids.haifa);
  });

  it("sees Haifa's figures only, and no Tel Aviv agent's", async () => {
    const board = await call('GET', `/indicators/scoreboard?year=${year}&month=${month}`, franchisee.cookie);
    const boardIds = board.json().data.map((r: { agentId: string }) => r.agentId);
    expect(boardIds).toContain(haifaAgent.id);
    expect(boardIds).not.toContain(telAvivAgent.id);
    const table = await call('GET', `/goals/performance/all/${year}/${month}`, franchisee.cookie);
    expect(table.json().data.map((r: { agentId: string }) => r.agentId)).not.toContain(telAvivAgent.id);
    const company = await call(
      'GET',
      `/goals/companyPerformance?year=${year}&month=${month}`,
      franchisee.cookie,
    );
    expect(company.json().data.meetings.actual).toBe(2);
    const other = await call(
      'GET',
      `/goals/performance/${telAvivAgent.id}/${year}/${month}`,
      franchisee.cookie,
    );
    expect(other.statusCode).toBeGreaterThanOrEqual(400);
    expect(other.statusCode).toBeLessThan(500);
    expect(other.json().data).toBeUndefined();
    const entry = await call('POST', '/indicators', franchisee.cookie, {
      agent: [telAvivAgent.id],
      meetings: 1,
    });
    expect(entry.statusCode).toBe(400);
  });

  it('sees her branch only, and cannot create or edit branches', async () => {
    const list = await call('GET', '/branches', franchisee.cookie);
    expect(list.json().data.branches.map((b: { slug: string }) => b.slug)).toEqual(['haifa']);
    const made = await call('POST', '/branches', franchisee.cookie, { name: 'עכו', slug: 'akko' });
    expect(made.statusCode).toBe(403);
    const edit = await call('PATCH', `/branches/${ids.haifa}`, franchisee.cookie, { name: 'חיפה והקריות' });
    expect(edit.statusCode).toBe(403);
  });
});

describe('the network CEO', () => {
  it('reads and changes every branch', async () => {
    const list = await call('GET', '/pipeline/leads', ceo.cookie);
    const leadIds = list.json().data.leads.map((l: { _id: string }) => l._id);
    expect(leadIds).toEqual(expect.arrayContaining([ids.haifaLead, ids.telAvivLead]));
    expect((await call('GET', `/pipeline/leads/${ids.haifaLead}`, ceo.cookie)).statusCode).toBe(200);
    expect(
      (await call('PATCH', `/property/${ids.telAvivProperty}`, ceo.cookie, { price: 2 })).statusCode,
    ).toBe(200);
    const table = await call('GET', `/goals/performance/all/${year}/${month}`, ceo.cookie);
    const agents = table.json().data.map((r: { agentId: string }) => r.agentId);
    expect(agents).toEqual(expect.arrayContaining([haifaAgent.id, telAvivAgent.id]));
    const branchList = await call('GET', '/branches', ceo.cookie);
    expect(branchList.json().data.branches.map((b: { slug: string }) => b.slug)).toEqual(
      expect.arrayContaining(['haifa', 'tel-aviv']),
    );
  });

  it('creates and edits branches, with Hebrew messages on bad fields', async () => {
    const bad = await call('POST', '/branches', ceo.cookie, {
      name: '',
      slug: 'Not A Slug',
      email: 'no',
      brokers: [{ name: 'מתווך', licenceNumber: 'abc' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      name: 'יש להזין את שם הסניף',
      slug: BRANCH_MESSAGES.slug,
      'brokers.0.licenceNumber': BRANCH_MESSAGES.licence,
    });
    const made = await call('POST', '/branches', ceo.cookie, {
      name: 'הרצליה',
      slug: 'herzliya',
      brokers: [{ name: 'דנה לוי', licenceNumber: '3123456' }],
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().data.branch).toMatchObject({ name: 'הרצליה', active: true });
    const taken = await call('POST', '/branches', ceo.cookie, { name: 'אחר', slug: 'herzliya' });
    expect([taken.statusCode, taken.json().fieldErrors.slug]).toEqual([409, BRANCH_MESSAGES.slugTaken]);
    const edited = await call('PATCH', `/branches/${made.json().data.branch._id}`, ceo.cookie, {
      openingHours: 'א׳-ה׳ 9:00-18:00',
    });
    expect(edited.json().data.branch.openingHours).toBe('א׳-ה׳ 9:00-18:00');
  });

  it('files a new contact under the branch of its first lead, and keeps it there when it calls another branch', async () => {
    const first = await app.db.transaction((tx) =>
      addLead(tx, {
        name: 'פונה חדש',
        phone: '0543334444',
        category: 'קונה',
        source: 'propertyInquiry',
        propertyId: ids.haifaProperty,
        owner: { id: haifaAgent.id, reason: 'בדיקה' },
      }),
    );
    expect(first.lead.branchId).toBe(ids.haifa);
    const second = await app.db.transaction((tx) =>
      addLead(tx, {
        name: 'פונה חדש',
        phone: '054-333-4444',
        category: 'קונה',
        source: 'propertyInquiry',
        propertyId: ids.telAvivProperty,
        owner: { id: telAvivAgent.id, reason: 'בדיקה' },
      }),
    );
    expect([second.lead.branchId, second.contact.id]).toEqual([ids.telAviv, first.contact.id]);
    const [contact] = await app.db.select().from(contacts).where(eq(contacts.id, first.contact.id));
    expect(contact!.branchId).toBe(ids.haifa);
  });

  it('names the branch on people and listings, and a renamed branch at once, cached answers included', async () => {
    const property = () => app.inject({ url: `/api/v1/property/${ids.haifaProperty}` });
    const agent = () => app.inject({ url: `/api/v1/users/${haifaAgent.id}` });
    expect((await property()).json().data.data.branch).toEqual({
      _id: ids.haifa,
      name: 'חיפה',
      slug: 'haifa',
      phone: '',
    });
    expect((await agent()).json().data.data.branch).toMatchObject({ _id: ids.haifa, name: 'חיפה' });
    const renamed = await call('PATCH', `/branches/${ids.haifa}`, ceo.cookie, { name: 'סניף חיפה והקריות' });
    expect(renamed.statusCode).toBe(200);
    expect((await property()).json().data.data.branch.name).toBe('סניף חיפה והקריות');
    expect((await agent()).json().data.data.branch.name).toBe('סניף חיפה והקריות');
    await call('PATCH', `/branches/${ids.haifa}`, ceo.cookie, { name: 'חיפה' });
  });
  it("names the branch on a lead page's contact and on its deals, for the franchisee and the network CEO", async () => {
    const deal = await call('POST', `/pipeline/leads/${ids.haifaLead}/activities`, franchisee.cookie, {
      kind: 'deal',
      noOrderReason: 'נחתם בנייר',
      price: 1_200_000,
      commission: 24_000,
      agentId: haifaAgent.id,
    });
    expect(deal.statusCode).toBe(201);
    const haifa = { _id: ids.haifa, name: 'חיפה', slug: 'haifa' };
    expect(deal.json().data.activity.branch).toEqual(haifa);
    for (const cookie of [franchisee.cookie, ceo.cookie]) {
      const page = await call('GET', `/pipeline/leads/${ids.haifaLead}`, cookie);
      expect(page.statusCode).toBe(200);
      const { contact, timeline } = page.json().data.lead;
      expect(contact.branch).toEqual(haifa);
      const deals = timeline.filter((a: { kind: string }) => a.kind === 'deal');
      expect(deals).toHaveLength(1);
      expect(deals[0].branch).toEqual(haifa);
    }
    const telAviv = await call('GET', `/pipeline/leads/${ids.telAvivLead}`, ceo.cookie);
    expect(telAviv.json().data.lead.contact.branch).toEqual({
      _id: ids.telAviv,
      name: 'תל אביב',
      slug: 'tel-aviv',
    });
  });
});

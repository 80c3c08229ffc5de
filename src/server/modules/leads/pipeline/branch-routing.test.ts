import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  branchCities,
  branches,
  branchLeadSettings,
  contacts,
  leadSettings,
  leads,
  mailOutbox,
} from '../../../db/schema';
import { createUser } from '../../../test/factories';
import { sessionCookieFor } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { CLOCK_MAIL_KIND, runResponseClock } from './clock';

// Routing per branch (docs/decisions/0047-routing-per-branch.md), on both databases: a branch's cities bring it
// the public leads of those cities, routed by its own settings and people, with a reason naming the branch; a
// franchisee reads and sets only her own branch's routing; a city belongs to one branch; each lead's response
// clock runs by its branch's target.

let app: TestApp;
type Person = { id: string; cookie: string };
let ceo: Person;
let franchisee: Person;
let haifaAgent: Person;
let haifaOther: Person;
let telAvivAgent: Person;
const ids = { haifa: '', telAviv: '' };

const call = (method: 'GET' | 'PUT' | 'POST', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

async function person(branchId: string, overrides: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const user = await createUser(app.db, { branchId, ...overrides });
  return { id: user.id, cookie: await sessionCookieFor(app.db, user.id) };
}

const NETWORK = {
  rules: ['propertyAgent', 'secondAgent', 'cityAgent', 'contactOwner', 'roundRobin'],
  cityAgents: [],
  slaMinutes: 60,
  officeHours: { opens: '09:00', closes: '18:00' },
};

let phoneSeq = 100;
async function valuation(city: string) {
  phoneSeq += 1;
  const phone = `0547${String(phoneSeq).padStart(6, '0')}`;
  const r = await app.inject({
    method: 'POST',
    url: '/api/v1/valuation',
    payload: { name: 'מוכרת דירה', phone, city, street: 'הנביאים 3', rooms: '4', size: '100' },
    remoteAddress: `10.1.0.${phoneSeq % 250}`,
  });
  expect(r.statusCode).toBe(201);
  const [lead] = await app.db.select().from(leads).where(eq(leads.phone, phone));
  return lead!;
}

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  const [haifa, telAviv] = await app.db
    .insert(branches)
    .values([
      { name: 'סניף חיפה', slug: 'haifa-routing', city: 'חיפה' },
      { name: 'סניף תל אביב', slug: 'tel-aviv-routing', city: 'תל אביב-יפו' },
    ])
    .returning();
  ids.haifa = haifa!.id;
  ids.telAviv = telAviv!.id;
  ceo = await person(ids.telAviv, { role: 'admin', networkAccess: true, name: 'מנכ"ל הרשת' });
  franchisee = await person(ids.haifa, { role: 'admin', networkAccess: false, name: 'זכיינית חיפה' });
  haifaAgent = await person(ids.haifa, { name: 'סוכן חיפה' });
  haifaOther = await person(ids.haifa, { name: 'סוכנת חיפה שנייה' });
  telAvivAgent = await person(ids.telAviv, { name: 'סוכן תל אביב' });
  const saved = await call('PUT', '/pipeline/settings', ceo.cookie, NETWORK);
  expect(saved.statusCode).toBe(200);
});

describe('without per-branch settings', () => {
  it('routes a valuation as before, by the network settings, with no branch in the reason', async () => {
    const lead = await valuation('נתניה');
    expect(lead.routingReason).not.toContain('סניף');
    expect(lead.ownerId).not.toBeNull();
  });

  it('answers a branch with the network settings, inherited, and no cities', async () => {
    const r = await call('GET', `/pipeline/branches/${ids.haifa}/settings`, franchisee.cookie);
    expect(r.statusCode).toBe(200);
    expect(r.json().data.branchSettings).toEqual({
      branch: { _id: ids.haifa, name: 'סניף חיפה' },
      cities: [],
      own: false,
      settings: NETWORK,
    });
  });
});

describe('a branch that covers a city', () => {
  it('gets a valuation of the city, for its city agent, and the reason names the branch and why', async () => {
    const own = { ...NETWORK, cityAgents: [{ city: 'חיפה', agentId: haifaAgent.id }], slaMinutes: 5 };
    const r = await call('PUT', `/pipeline/branches/${ids.haifa}/settings`, franchisee.cookie, {
      cities: [' חיפה ', 'טירת  כרמל'],
      own,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().data.branchSettings).toMatchObject({ cities: ['חיפה', 'טירת כרמל'], own: true });
    const lead = await valuation('חיפה');
    expect(lead.branchId).toBe(ids.haifa);
    expect(lead.ownerId).toBe(haifaAgent.id);
    expect(lead.routingReason).toBe('סניף חיפה: העיר חיפה בתחום הסניף; הסוכן של העיר חיפה');
    // The contact it made is filed under the branch of its first lead.
    const [contact] = await app.db.select().from(contacts).where(eq(contacts.id, lead.contactId));
    expect(contact!.branchId).toBe(ids.haifa);
  });

  it('gives a covered city without a city agent to one of the branch people, never another branch', async () => {
    const owners = new Set<string | null>();
    for (let i = 0; i < 4; i += 1) {
      const lead = await valuation('טירת כרמל');
      expect(lead.branchId).toBe(ids.haifa);
      expect(lead.routingReason).toMatch(/^סניף חיפה: העיר טירת כרמל בתחום הסניף; /);
      owners.add(lead.ownerId);
    }
    expect([...owners].sort()).toEqual([haifaAgent.id, haifaOther.id].sort());
  });

  it("lists each branch's own round robin: the next named is who the branch's next lead goes to", async () => {
    type Row = { agent: { _id: string }; inRoundRobin: boolean; nextInRoundRobin: boolean };
    const agents = async (cookie: string) =>
      (await call('GET', '/pipeline/agents', cookie)).json().data.agents as Row[];
    const haifaPeople = [haifaAgent.id, haifaOther.id];
    for (let i = 0; i < 3; i += 1) {
      // The franchisee sees her branch's people only, one of them next; the network admin sees the same next.
      const mine = await agents(franchisee.cookie);
      expect(mine.map((r) => r.agent._id).sort()).toEqual([...haifaPeople].sort());
      const next = mine.filter((r) => r.nextInRoundRobin).map((r) => r.agent._id);
      expect(next).toHaveLength(1);
      const all = await agents(ceo.cookie);
      expect(
        all.filter((r) => r.nextInRoundRobin && haifaPeople.includes(r.agent._id)).map((r) => r.agent._id),
      ).toEqual(next);
      // Tel Aviv's rotation is its own: it names its own agent, whatever Haifa's position.
      expect(all.find((r) => r.agent._id === telAvivAgent.id)).toMatchObject({
        inRoundRobin: true,
        nextInRoundRobin: true,
      });
      const lead = await valuation('טירת כרמל');
      expect(lead.ownerId).toBe(next[0]);
    }
  });

  it('gets a home-form lead that names its city; the office mail and the lead say the city', async () => {
    phoneSeq += 1;
    const phone = `0547${String(phoneSeq).padStart(6, '0')}`;
    const sent = await app.inject({
      method: 'POST',
      url: '/api/v1/email/send-mail',
      payload: { name: 'קונה מהאתר', phone, category: 'קונה', city: ' חיפה ' },
      remoteAddress: `10.1.1.${phoneSeq % 250}`,
    });
    expect(sent.statusCode).toBe(201);
    const [lead] = await app.db.select().from(leads).where(eq(leads.phone, phone));
    expect(lead!.branchId).toBe(ids.haifa);
    expect(lead!.routingReason).toMatch(/^סניף חיפה: העיר חיפה בתחום הסניף; /);
    expect(lead!.message).toBe('עיר: חיפה');
    const [mail] = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.refId, lead!.id), eq(mailOutbox.kind, 'lead')));
    expect(mail!.text).toContain('עיר: חיפה');

    // Without a city the home form is routed by the network, as before.
    phoneSeq += 1;
    const other = `0547${String(phoneSeq).padStart(6, '0')}`;
    const plain = await app.inject({
      method: 'POST',
      url: '/api/v1/email/send-mail',
      payload: { name: 'קונה מהאתר', phone: other, category: 'קונה' },
      remoteAddress: `10.1.1.${phoneSeq % 250}`,
    });
    expect(plain.statusCode).toBe(201);
    const [network] = await app.db.select().from(leads).where(eq(leads.phone, other));
    expect(network!.routingReason).not.toContain('סניף');

    const long = await app.inject({
      method: 'POST',
      url: '/api/v1/email/send-mail',
      payload: { name: 'קונה', phone: other, category: 'קונה', city: 'א'.repeat(81) },
      remoteAddress: '10.1.2.1',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors.city).toBe('עד 80 תווים');
  });

  it('inherits the network settings again when it gives up its own, and keeps its cities', async () => {
    const r = await call('PUT', `/pipeline/branches/${ids.haifa}/settings`, ceo.cookie, {
      cities: ['חיפה', 'טירת כרמל'],
      own: null,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().data.branchSettings).toMatchObject({ own: false, settings: NETWORK });
    const lead = await valuation('חיפה');
    expect(lead.branchId).toBe(ids.haifa);
    // The network has no agent for Haifa: the branch's round robin picks one of its people.
    expect([haifaAgent.id, haifaOther.id]).toContain(lead.ownerId);
    const restored = await call('PUT', `/pipeline/branches/${ids.haifa}/settings`, franchisee.cookie, {
      cities: ['חיפה', 'טירת כרמל'],
      own: { ...NETWORK, cityAgents: [{ city: 'חיפה', agentId: haifaAgent.id }], slaMinutes: 5 },
    });
    expect(restored.statusCode).toBe(200);
  });
});

describe('who sets a branch routing', () => {
  it('a franchisee does not find another branch settings to read or change (404, nothing written)', async () => {
    expect(
      (await call('GET', `/pipeline/branches/${ids.telAviv}/settings`, franchisee.cookie)).statusCode,
    ).toBe(404);
    const put = await call('PUT', `/pipeline/branches/${ids.telAviv}/settings`, franchisee.cookie, {
      cities: ['תל אביב'],
      own: null,
    });
    expect(put.statusCode).toBe(404);
    const rows = await app.db.select().from(branchCities).where(eq(branchCities.branchId, ids.telAviv));
    expect(rows).toEqual([]);
    const settings = await app.db
      .select()
      .from(branchLeadSettings)
      .where(eq(branchLeadSettings.branchId, ids.telAviv));
    expect(settings).toEqual([]);
  });

  it('an agent is refused (403)', async () => {
    expect(
      (await call('GET', `/pipeline/branches/${ids.haifa}/settings`, haifaAgent.cookie)).statusCode,
    ).toBe(403);
  });

  it('a network admin sets any branch', async () => {
    const r = await call('PUT', `/pipeline/branches/${ids.telAviv}/settings`, ceo.cookie, {
      cities: ['תל אביב-יפו'],
      own: null,
    });
    expect(r.statusCode).toBe(200);
    const lead = await valuation('תל אביב-יפו');
    expect(lead.branchId).toBe(ids.telAviv);
    expect(lead.routingReason).toMatch(/^סניף תל אביב: העיר תל אביב-יפו בתחום הסניף; /);
  });

  it('refuses a city another branch covers (409 on the field, nothing written)', async () => {
    const r = await call('PUT', `/pipeline/branches/${ids.telAviv}/settings`, ceo.cookie, {
      cities: ['תל אביב-יפו', 'חיפה'],
      own: null,
    });
    expect(r.statusCode).toBe(409);
    expect(r.json().fieldErrors.cities).toBe('העיר חיפה כבר בתחום של סניף אחר');
    const rows = await app.db.select().from(branchCities).where(eq(branchCities.branchId, ids.telAviv));
    expect(rows.map((row) => row.city)).toEqual(['תל אביב-יפו']);
  });

  it('refuses a city twice in the list, and a city agent of another branch (400 on the field)', async () => {
    const twice = await call('PUT', `/pipeline/branches/${ids.haifa}/settings`, franchisee.cookie, {
      cities: ['חיפה', 'חיפה '],
      own: null,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fieldErrors.cities).toBe('כל עיר יכולה להופיע פעם אחת');
    const foreign = await call('PUT', `/pipeline/branches/${ids.haifa}/settings`, franchisee.cookie, {
      cities: ['חיפה'],
      own: { ...NETWORK, cityAgents: [{ city: 'חיפה', agentId: telAvivAgent.id }] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fieldErrors).toHaveProperty('cityAgents');
    const [kept] = await app.db
      .select()
      .from(branchLeadSettings)
      .where(eq(branchLeadSettings.branchId, ids.haifa));
    expect(kept!.cityAgents).toEqual([{ city: 'חיפה', agentId: haifaAgent.id }]);
  });
});

describe('the response clock per branch', () => {
  it('escalates a lead by its branch target: Haifa (5 minutes) now, Tel Aviv (the network 60) not yet', async () => {
    // Tuesday 3 March 2026, 11:00 in Israel: an office day, inside both branches' hours.
    const now = new Date('2026-03-03T11:00:00+02:00');
    const createdAt = new Date(now.getTime() - 10 * 60_000);
    const waiting = async (branchId: string, ownerId: string, phone: string) => {
      const [contact] = await app.db.insert(contacts).values({ name: 'ממתין', phone, branchId }).returning();
      const [lead] = await app.db
        .insert(leads)
        .values({
          contactId: contact!.id,
          name: 'ממתין',
          phone,
          category: 'קונה',
          ownerId,
          branchId,
          createdAt,
          updatedAt: createdAt,
        })
        .returning();
      return lead!;
    };
    const haifaLead = await waiting(ids.haifa, haifaAgent.id, '0538000001');
    const telAvivLead = await waiting(ids.telAviv, telAvivAgent.id, '0538000002');
    await runResponseClock(app.db, 'https://agency.example', now);
    const [haifaAfter] = await app.db.select().from(leads).where(eq(leads.id, haifaLead.id));
    const [telAvivAfter] = await app.db.select().from(leads).where(eq(leads.id, telAvivLead.id));
    expect(haifaAfter!.escalatedAt).not.toBeNull();
    expect(telAvivAfter!.escalatedAt).toBeNull();
    const mails = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.refId, haifaLead.id), eq(mailOutbox.kind, CLOCK_MAIL_KIND.escalation)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('5 דקות');
    const [network] = await app.db.select().from(leadSettings);
    expect(network!.slaMinutes).toBe(60);
  });
});

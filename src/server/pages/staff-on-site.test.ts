import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, branches } from '../db/schema';
import { createProperty, createUser } from '../test/factories';
import { sessionCookieFor } from '../test/sessions';
import type { TestApp } from '../test/test-app';
import { createPagesApp } from './test-pages';

// Staff on the public site (docs/decisions/0057), on both databases: only people shown on the site appear in
// the public answers and pages (the team, an agent's page, a branch's page, a listing's contact, the sitemap),
// with their own phone only when they show it, else their branch's office phone; a listing whose agent is
// hidden reaches its branch. The switches are a manager's, in their branch scope, and audited.

const ORIGIN = 'https://agency.example';
let app: TestApp;
const OFFICE = '09-950-7777';
const HIDDEN = { name: 'שירה נסתרת', phone: '052-700-0001' };
const PRIVATE_PHONE = { name: 'אורי פרטי', phone: '052-700-0002' };
const FOUNDER = { name: 'גאיה מייסדת', phone: '052-700-0003' };
const ids = {
  branch: '',
  otherBranch: '',
  hidden: '',
  privatePhone: '',
  shown: '',
  founder: '',
  hiddenListing: '',
  privateListing: '',
};
const cookies = { network: '', manager: '', otherManager: '', agent: '' };

const get = (url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} });
const patch = (url: string, payload: object, cookie: string) =>
  app.inject({ method: 'PATCH', url, payload, headers: { cookie } });
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root"'));

beforeAll(async () => {
  app = await createPagesApp({ env: { APP_ORIGIN: ORIGIN } });
  const [branch, other] = await app.db
    .insert(branches)
    .values([
      { name: 'סניף רעננה', slug: 'raanana', city: 'רעננה', phone: OFFICE },
      { name: 'סניף אילת', slug: 'eilat', city: 'אילת', phone: '08-630-0000' },
    ])
    .returning();
  ids.branch = branch!.id;
  ids.otherBranch = other!.id;
  const at = { branchId: ids.branch };
  ids.hidden = (
    await createUser(app.db, { ...at, name: HIDDEN.name, phoneNumber: HIDDEN.phone, showOnSite: false })
  ).id;
  ids.privatePhone = (
    await createUser(app.db, {
      ...at,
      name: PRIVATE_PHONE.name,
      phoneNumber: PRIVATE_PHONE.phone,
      showPhone: false,
    })
  ).id;
  ids.shown = (await createUser(app.db, { ...at, name: 'תמר גלויה', phoneNumber: '052-700-0004' })).id;
  // An admin with a company role appeared on the site before; now not unless a manager shows them.
  ids.founder = (
    await createUser(app.db, {
      ...at,
      role: 'admin',
      companyRole: 'מנכ"לית ומייסדת',
      name: FOUNDER.name,
      phoneNumber: FOUNDER.phone,
    })
  ).id;
  ids.hiddenListing = (
    await createProperty(app.db, { ...at, agentId: ids.hidden, city: 'רעננה', address: 'אחוזה 100' })
  ).id;
  ids.privateListing = (
    await createProperty(app.db, { ...at, agentId: ids.privatePhone, city: 'רעננה', address: 'אחוזה 102' })
  ).id;
  const network = await createUser(app.db, { role: 'admin', networkAccess: true, name: 'מנהלת רשת' });
  const manager = await createUser(app.db, {
    ...at,
    role: 'admin',
    networkAccess: false,
    name: 'מנהל רעננה',
  });
  const otherManager = await createUser(app.db, {
    branchId: ids.otherBranch,
    role: 'admin',
    networkAccess: false,
    name: 'מנהל אילת',
  });
  cookies.network = await sessionCookieFor(app.db, network.id);
  cookies.manager = await sessionCookieFor(app.db, manager.id);
  cookies.otherManager = await sessionCookieFor(app.db, otherManager.id);
  cookies.agent = await sessionCookieFor(app.db, ids.shown);
});

/** Nothing of the hidden person, the founder or the private phone is in a public answer. */
function expectNoHiddenStaff(body: string) {
  for (const text of [HIDDEN.name, HIDDEN.phone, FOUNDER.name, FOUNDER.phone, PRIVATE_PHONE.phone])
    expect(body).not.toContain(text);
  expect(body).not.toContain(ids.hidden);
}

describe('the public answers', () => {
  it('list only the people shown on the site, a private phone replaced by the office phone', async () => {
    for (const url of ['/api/v1/users', '/api/v1/users?team=true']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expectNoHiddenStaff(res.body);
      const people = res.json().data.data as { _id: string; phone_number: string; officePhone: boolean }[];
      expect(people.find((p) => p._id === ids.privatePhone)).toMatchObject({
        phone_number: OFFICE,
        officePhone: true,
      });
      expect(people.find((p) => p._id === ids.shown)).toMatchObject({
        phone_number: '052-700-0004',
        officePhone: false,
      });
    }
    expect((await get(`/api/v1/users/${ids.hidden}`)).statusCode).toBe(404);
    expect((await get(`/api/v1/users/${ids.founder}`)).statusCode).toBe(404);
    const own = await get(`/api/v1/users/${ids.privatePhone}`);
    expectNoHiddenStaff(own.body);
    expect(own.json().data.data).toMatchObject({ name: PRIVATE_PHONE.name, phone_number: OFFICE });
  });

  it('give colleagues everyone of their scope with their own phones (agent pickers)', async () => {
    const res = await get('/api/v1/users', cookies.manager);
    expect(res.body).toContain(HIDDEN.name);
    expect(res.body).toContain(PRIVATE_PHONE.phone);
  });

  it("answer a listing whose agent is hidden without them, its contact the branch's office", async () => {
    const res = await get(`/api/v1/property/${ids.hiddenListing}`);
    expect(res.statusCode).toBe(200);
    expectNoHiddenStaff(res.body);
    expect(res.json().data.data).toMatchObject({ agent: null, branch: { phone: OFFICE } });
    const priv = (await get(`/api/v1/property/${ids.privateListing}`)).json().data.data;
    expect(priv.agent).toMatchObject({ name: PRIVATE_PHONE.name, phone_number: OFFICE, officePhone: true });
    const search = await get('/api/v1/property/search?type=sale&city=רעננה');
    expect(search.statusCode).toBe(200);
    expectNoHiddenStaff(search.body);
    expectNoHiddenStaff((await get(`/api/v1/property/getMyProperties/${ids.privatePhone}`)).body);
  });

  it("answer the branch page's team without the hidden and with the office phone", async () => {
    const res = await get('/api/v1/branch-pages/raanana');
    expect(res.statusCode).toBe(200);
    expectNoHiddenStaff(res.body);
    expect(res.body).toContain(PRIVATE_PHONE.name);
  });

  it("give the listing's managers both agents with their own phones, in their branch only", async () => {
    const url = `/api/v1/property/${ids.hiddenListing}/agents`;
    for (const cookie of [cookies.manager, cookies.network]) {
      const res = await get(url, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        agent: {
          _id: ids.hidden,
          name: HIDDEN.name,
          phone_number: HIDDEN.phone,
          officePhone: false,
          image: null,
        },
        agentSecend: null,
      });
    }
    expect((await get(url, cookies.otherManager)).statusCode).toBe(404);
    expect((await get(url, cookies.agent)).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(401);
  });
});

describe('the pages rendered on the server', () => {
  it('show neither the hidden people nor the private phone, on the team, branch and listing pages', async () => {
    for (const url of ['/AboutLink', '/branches/raanana', `/PropertyView/${ids.hiddenListing}`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expectNoHiddenStaff(res.body);
    }
    const about = rootOf((await get('/AboutLink')).body);
    expect(about).toContain(PRIVATE_PHONE.name);
    expect(about).toContain('תמר גלויה');
    // The listing of a hidden agent calls its branch.
    const listing = rootOf((await get(`/PropertyView/${ids.hiddenListing}`)).body);
    expect(listing).toContain('href="tel:099507777"');
  });

  it("answer a hidden person's agent page 404 without their name, and leave them out of the sitemap", async () => {
    for (const id of [ids.hidden, ids.founder]) {
      const res = await get(`/AboutAgent/${id}`);
      expect(res.statusCode).toBe(404);
      expectNoHiddenStaff(res.body);
    }
    const page = await get(`/AboutAgent/${ids.privatePhone}`);
    expect(page.statusCode).toBe(200);
    expectNoHiddenStaff(page.body);
    expect(page.body).toContain(OFFICE);
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.body).not.toContain(ids.hidden);
    expect(sitemap.body).not.toContain(ids.founder);
    expect(sitemap.body).toContain(ids.privatePhone);
  });
});

describe('the switches', () => {
  it("are a manager's: the branch manager for their branch, network admins for all, audited", async () => {
    const url = `/api/v1/users/${ids.founder}`;
    expect((await patch(url, { showOnSite: true }, cookies.agent)).statusCode).toBe(403);
    // Another branch's manager does not see the person at all.
    expect((await patch(url, { showOnSite: true }, cookies.otherManager)).statusCode).toBe(404);
    const shown = await patch(url, { showOnSite: true, showPhone: false }, cookies.manager);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.user).toMatchObject({
      showOnSite: true,
      showPhone: false,
      phone_number: FOUNDER.phone,
    });
    const team = await get('/api/v1/users?team=true');
    expect(team.body).toContain(FOUNDER.name);
    expect(team.body).not.toContain(FOUNDER.phone);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, ids.founder)));
    expect(entry!.changes).toMatchObject({
      showOnSite: { before: false, after: true },
      showPhone: { before: true, after: false },
    });
    const hidden = await patch(url, { showOnSite: false, showPhone: true }, cookies.network);
    expect(hidden.statusCode).toBe(200);
    expect((await get('/api/v1/users?team=true')).body).not.toContain(FOUNDER.name);
    const bad = await patch(url, { showOnSite: 'כן' }, cookies.network);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.showOnSite).toMatch(/[א-ת]/);
  });

  it('give new people the default: on for those doing agent work, off for other admins', async () => {
    const create = (body: object) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/users',
        payload: body,
        headers: { cookie: cookies.network },
      });
    const base = { phone_number: '052-700-0100', gender: 'female' };
    const agent = await create({
      ...base,
      name: 'סוכנת חדשה',
      email: 'new-agent@example.com',
      role: 'agent',
    });
    expect(agent.json().data.user).toMatchObject({ showOnSite: true, showPhone: true });
    const ceo = await create({
      ...base,
      name: 'מנכ"לית חדשה',
      email: 'new-ceo@example.com',
      role: 'admin',
      companyRole: 'מנכ"לית הרשת',
    });
    expect(ceo.json().data.user).toMatchObject({ showOnSite: false });
    const consultant = await create({
      ...base,
      name: 'יועצת חדשה',
      email: 'new-consultant@example.com',
      role: 'admin',
      companyRole: 'יועצת נדל"ן מובילה',
    });
    expect(consultant.json().data.user).toMatchObject({ showOnSite: true });
  });

  it("let people choose their own phone's showing, and nothing else of the site", async () => {
    const me = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      payload: { showPhone: false },
      headers: { cookie: cookies.agent },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user).toMatchObject({ showPhone: false, showOnSite: true });
    const page = (await get(`/api/v1/users/${ids.shown}`)).json().data.data;
    expect(page).toMatchObject({ phone_number: OFFICE, officePhone: true });
    // Being shown is the manager's switch: the person's own form does not reach it.
    const ignored = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      payload: { showOnSite: false },
      headers: { cookie: cookies.agent },
    });
    expect(ignored.json().data.user).toMatchObject({ showOnSite: true });
  });
});

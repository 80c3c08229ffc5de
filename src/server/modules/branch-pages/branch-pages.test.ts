import { COMPANY_ROLES } from '@shared/domain/roles';
import { BRANCH_MESSAGES } from '@shared/schemas/branch';
import { BRANCH_PAGE_SIZE } from '@shared/schemas/branch-page';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { branches } from '../../db/schema';
import { createProperty, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// The public branch page's API (/branch-pages/<slug>), on both databases: an open branch's office details, its
// active team as the agents grid shows it, and its available listings a page at a time; nothing more (no e-mail,
// legal entity or brokers), and 404 for an unknown or a closed branch.

let app: TestApp;
const ids = { haifa: '', closed: '', haifaAgent: '', manager: '', telAvivAgent: '' };

const get = (url: string) => app.inject({ method: 'GET', url: `/api/v1${url}` });

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  const [haifa, closed, telAviv] = await app.db
    .insert(branches)
    .values([
      {
        name: 'סניף חיפה',
        slug: 'haifa',
        city: 'חיפה',
        address: 'שדרות הנשיא 120, חיפה',
        phone: '04-855-1234',
        email: 'franchisee@example.com',
        openingHours: 'ימים א׳-ה׳, 9:00-17:00',
        legalEntity: 'מזרחי נכסים בכרמל בע"מ',
        brokers: [{ name: 'אבי מזרחי', licenceNumber: '3034567' }],
      },
      { name: 'סניף סגור', slug: 'closed', city: 'עכו', active: false },
      { name: 'סניף תל אביב', slug: 'tel-aviv', city: 'תל אביב-יפו' },
    ])
    .returning();
  ids.haifa = haifa!.id;
  ids.closed = closed!.id;
  const agent = await createUser(app.db, { branchId: ids.haifa, name: 'דנה כהן', phoneNumber: '0521234567' });
  ids.haifaAgent = agent.id;
  // A manager shown on the site is in the team; a hidden one, a bare system admin and a former agent are not.
  ids.manager = (
    await createUser(app.db, {
      branchId: ids.haifa,
      role: 'admin',
      companyRole: COMPANY_ROLES.haifaFranchisee,
      name: 'מיכל',
      showOnSite: true,
    })
  ).id;
  await createUser(app.db, {
    branchId: ids.haifa,
    role: 'admin',
    companyRole: COMPANY_ROLES.officeManager,
    name: 'מנהלת לא מוצגת',
  });
  await createUser(app.db, { branchId: ids.haifa, role: 'admin', companyRole: null, name: 'מערכת' });
  await createUser(app.db, { branchId: ids.haifa, name: 'סוכן לשעבר', active: false });
  ids.telAvivAgent = (await createUser(app.db, { branchId: telAviv!.id, name: 'סוכן תל אביב' })).id;
  for (let i = 0; i < BRANCH_PAGE_SIZE + 2; i++)
    await createProperty(app.db, {
      agentId: agent.id,
      address: `הרצל ${i + 1}`,
      createdAt: new Date(Date.UTC(2026, 0, 1, 9, i)),
    });
  await createProperty(app.db, { agentId: agent.id, address: 'נמכר 1', sold: true });
  await createProperty(app.db, { agentId: ids.telAvivAgent, address: 'דיזנגוף 1' });
});

describe('GET /branch-pages/:slug', () => {
  it("answers an open branch's office details, without its e-mail, legal entity or brokers", async () => {
    const res = await get('/branch-pages/haifa');
    expect(res.statusCode).toBe(200);
    const { branch } = res.json().data;
    expect(branch).toEqual({
      _id: ids.haifa,
      name: 'סניף חיפה',
      slug: 'haifa',
      city: 'חיפה',
      address: 'שדרות הנשיא 120, חיפה',
      phone: '04-855-1234',
      openingHours: 'ימים א׳-ה׳, 9:00-17:00',
    });
    expect(res.body).not.toContain('franchisee@example.com');
    expect(res.body).not.toContain('3034567');
    expect(res.body).not.toContain('בכרמל');
  });

  it("lists the branch's active team with the agents grid's fields only, and no one of another branch", async () => {
    const { agents } = (await get('/branch-pages/haifa')).json().data;
    expect(agents.map((a: { _id: string }) => a._id).sort()).toEqual([ids.haifaAgent, ids.manager].sort());
    const agent = agents.find((a: { _id: string }) => a._id === ids.haifaAgent);
    expect(Object.keys(agent).sort()).toEqual(
      [
        '_id',
        'aboutMe',
        'branch',
        'companyRole',
        'gender',
        'image',
        'name',
        'officePhone',
        'phone_number',
      ].sort(),
    );
    expect(agent.branch).toEqual({ _id: ids.haifa, name: 'סניף חיפה', slug: 'haifa' });
    expect(agent.phone_number).toBe('0521234567');
    // The same person as the public agents grid shows her.
    const team = (await get('/users?team=true')).json().data.data;
    expect(team.find((u: { _id: string }) => u._id === ids.haifaAgent)).toEqual(agent);
  });

  it("pages the branch's available listings, newest first, without sold ones or another branch's", async () => {
    const first = (await get('/branch-pages/haifa')).json().data.listings;
    expect(first.total).toBe(BRANCH_PAGE_SIZE + 2);
    expect(first.pageSize).toBe(BRANCH_PAGE_SIZE);
    expect(first.items).toHaveLength(BRANCH_PAGE_SIZE);
    expect(first.items[0].address).toBe(`הרצל ${BRANCH_PAGE_SIZE + 2}`);
    const second = (await get('/branch-pages/haifa?page=2')).json().data.listings;
    expect(second.page).toBe(2);
    expect(second.items.map((p: { address: string }) => p.address)).toEqual(['הרצל 2', 'הרצל 1']);
    // Each listing names its branch with the office phone its contact buttons call.
    expect(first.items[0].branch).toEqual({
      _id: ids.haifa,
      name: 'סניף חיפה',
      slug: 'haifa',
      phone: '04-855-1234',
    });
    const all = [...first.items, ...second.items];
    expect(all.every((p: { branch: { _id: string }; sold: boolean }) => p.branch._id === ids.haifa)).toBe(
      true,
    );
    expect(all.some((p: { address: string }) => p.address === 'נמכר 1' || p.address === 'דיזנגוף 1')).toBe(
      false,
    );
  });

  it('answers 404 for an unknown and for a closed branch, and 400 for a page that is not one', async () => {
    for (const slug of ['nowhere', 'closed', 'HAIFA']) {
      const res = await get(`/branch-pages/${slug}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(BRANCH_MESSAGES.notFound);
    }
    const bad = await get('/branch-pages/haifa?page=0');
    expect(bad.statusCode).toBe(400);
    expect((await get('/branch-pages/haifa?page=abc')).statusCode).toBe(400);
  });

  it('closing a branch takes its page down, and reopening it brings it back', async () => {
    await app.db.update(branches).set({ active: true }).where(eq(branches.id, ids.closed));
    expect((await get('/branch-pages/closed')).statusCode).toBe(200);
    await app.db.update(branches).set({ active: false }).where(eq(branches.id, ids.closed));
    expect((await get('/branch-pages/closed')).statusCode).toBe(404);
  });
});

describe('GET /branch-pages', () => {
  it('lists the open branches with their public details only', async () => {
    const res = await get('/branch-pages');
    expect(res.statusCode).toBe(200);
    const listed = res.json().data.branches as { slug: string }[];
    expect(listed.map((b) => b.slug)).toEqual(expect.arrayContaining(['haifa', 'tel-aviv']));
    expect(listed.map((b) => b.slug)).not.toContain('closed');
    expect(res.body).not.toContain('franchisee@example.com');
    expect(Object.keys(listed[0]!).sort()).toEqual(
      ['_id', 'address', 'city', 'name', 'openingHours', 'phone', 'slug'].sort(),
    );
  });
});

import { randomBytes } from 'node:crypto';
import { israelDate } from '@shared/domain/israel-time';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { propertyImages, reportContacts, reportShares } from '../../db/schema';
import { hashToken } from '../../plugins/session';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { addDays, call, insertPropertyRow } from './test-helpers';

let app: TestApp;
let admin: string;
let agentA: string;
let agentB: string;
let agentAId: string;
let agentBId: string;
const today = israelDate();

beforeAll(async () => {
  app = await createTestApp({ env: { APP_ORIGIN: 'https://agency.example' } });
  const adminRow = await createUser(app.db, { role: 'admin' });
  const a = await createUser(app.db, { name: 'סוכן א', phoneNumber: '052-111-2233' });
  const b = await createUser(app.db, { name: 'סוכנת ב' });
  agentAId = a.id;
  agentBId = b.id;
  const herzl = await insertPropertyRow(app.db, {
    address: 'הרצל 10',
    city: 'חיפה',
    category: 'פנטהאוז',
    agentId: a.id,
  });
  const other = await insertPropertyRow(app.db, { address: 'ההגנה 7', agentId: a.id });
  await insertPropertyRow(app.db, { address: 'בלפור 3', agentId: b.id });
  await app.db.insert(propertyImages).values({
    propertyId: herzl.id,
    position: 0,
    width: 1600,
    height: 1000,
    variants: [
      { width: 320, height: 200, key: `properties/${herzl.id}/a-320.webp` },
      { width: 640, height: 400, key: `properties/${herzl.id}/a-640.webp` },
    ],
  });
  const row = (property: typeof herzl, statusDate: string, visits: number, note = '') => ({
    agentId: a.id,
    propertyId: property.id,
    exclusiveProperty: property.address,
    clientName: 'משפחת כהן',
    statusDate,
    visits,
    views: visits * 10,
    inquiries: 1,
    note,
  });
  // 2026-11-01 is a Sunday: 11-01 and 11-07 share a week; 10-31 (Saturday) belongs to the week of 10-25.
  await app.db
    .insert(reportContacts)
    .values([
      row(herzl, '2026-10-20', 9),
      row(herzl, '2026-10-31', 2, 'שבת פתוחה'),
      row(herzl, '2026-11-01', 3, 'ביקור של משפחה צעירה'),
      row(herzl, '2026-11-07', 4),
      row(herzl, '2026-11-10', 5, 'הצעת מחיר ראשונה'),
      row(other, '2026-11-02', 100, 'לא שייך לנכס'),
    ]);
  admin = await signIn(app, adminRow.email, TEST_PASSWORD);
  agentA = await signIn(app, a.email, TEST_PASSWORD);
  agentB = await signIn(app, b.email, TEST_PASSWORD);
});

const share = (cookie: string | undefined, body: Record<string, unknown>) =>
  call(app, 'POST', '/reportContact/shares', cookie, {
    address: 'הרצל 10',
    from: '2026-10-25',
    to: '2026-11-14',
    ...body,
  });

describe('seller share links', () => {
  it('creates a link whose token is stored only as its SHA-256, valid for 30 days', async () => {
    const res = await share(agentA, {});
    expect(res.statusCode).toBe(201);
    const { token, path, url, share: created } = res.json().data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(path).toBe(`/SellerReport/${token}`);
    expect(url).toBe(`https://agency.example/SellerReport/${token}`);
    const shared = await app.inject({
      url: `/api/v1/reportContact/shared/${token}`,
      headers: { host: 'evil.example' },
    });
    expect(shared.json().data.report.url).toBe(url);
    expect(created).toMatchObject({
      agent: agentAId,
      address: 'הרצל 10',
      from: '2026-10-25',
      to: '2026-11-14',
      state: 'active',
    });
    const [row] = await app.db.select().from(reportShares).where(eq(reportShares.id, created._id));
    expect(row?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(30, 2);
  });

  it('shows the seller the branding, the property and per-week totals of the period, without a session', async () => {
    const { token } = (await share(agentA, {})).json().data;
    const res = await call(app, 'GET', `/reportContact/shared/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const report = res.json().data.report;
    expect(report.agency.agencyName.length).toBeGreaterThan(0);
    expect(report.agent).toEqual({ name: 'סוכן א', phone_number: '052-111-2233', gender: 'male' });
    expect(report.property).toMatchObject({ address: 'הרצל 10', city: 'חיפה', category: 'פנטהאוז' });
    expect(report.property.image).toMatch(/^\/uploads\/properties\/.+-640\.webp$/);
    expect(report.weeks).toEqual([
      { weekStart: '2026-10-25', reports: 1, visits: 2, views: 20, inquiries: 1, notes: ['שבת פתוחה'] },
      {
        weekStart: '2026-11-01',
        reports: 2,
        visits: 7,
        views: 70,
        inquiries: 2,
        notes: ['ביקור של משפחה צעירה'],
      },
      {
        weekStart: '2026-11-08',
        reports: 1,
        visits: 5,
        views: 50,
        inquiries: 1,
        notes: ['הצעת מחיר ראשונה'],
      },
    ]);
    expect(report.totals).toEqual({ visits: 14, views: 140, inquiries: 4 });
  });

  it('answers 404 with a Hebrew message for an unknown or malformed token', async () => {
    for (const token of [
      randomBytes(32).toString('base64url'),
      'short',
      'x'.repeat(90),
      `${'a'.repeat(42)}!`,
    ]) {
      const res = await call(app, 'GET', `/reportContact/shared/${token}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('הקישור לדוח אינו תקין');
      expect(res.body).not.toContain('הרצל');
    }
  });

  it('stops working once revoked (410), only by its owner or an admin', async () => {
    const { token, share: created } = (await share(agentA, {})).json().data;
    expect((await call(app, 'DELETE', `/reportContact/shares/${created._id}`, agentB)).statusCode).toBe(403);
    expect((await call(app, 'DELETE', `/reportContact/shares/${created._id}`)).statusCode).toBe(401);
    const revoked = await call(app, 'DELETE', `/reportContact/shares/${created._id}`, agentA);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.share.state).toBe('revoked');
    const res = await call(app, 'GET', `/reportContact/shared/${token}`);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('הקישור לדוח בוטל. בקשו מהסוכן קישור חדש.');
    expect(res.body).not.toContain('הרצל');
    const { share: second } = (await share(agentA, {})).json().data;
    expect(
      (await call(app, 'DELETE', `/reportContact/shares/${second._id}`, admin)).json().data.share.state,
    ).toBe('revoked');
    expect(
      (await call(app, 'DELETE', '/reportContact/shares/5b0e0f0e-0000-4000-8000-000000000000', admin))
        .statusCode,
    ).toBe(404);
  });

  it('stops working once expired (410) and lists as expired', async () => {
    const { token, share: created } = (await share(agentA, {})).json().data;
    await app.db
      .update(reportShares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reportShares.id, created._id));
    const res = await call(app, 'GET', `/reportContact/shared/${token}`);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('תוקף הקישור לדוח פג. בקשו מהסוכן קישור חדש.');
    const list = await call(
      app,
      'GET',
      `/reportContact/shares?address=${encodeURIComponent('הרצל 10')}`,
      agentA,
    );
    const listed = list.json().data.shares.find((s: { _id: string }) => s._id === created._id);
    expect(listed.state).toBe('expired');
  });

  it("lists an agent's links (own or admin), never with tokens", async () => {
    const own = await call(app, 'GET', '/reportContact/shares', agentA);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.shares.length).toBeGreaterThan(2);
    expect(own.json().data.shares[0]).not.toHaveProperty('token');
    expect((await call(app, 'GET', `/reportContact/shares?agentId=${agentAId}`, agentB)).statusCode).toBe(
      403,
    );
    expect(
      (await call(app, 'GET', `/reportContact/shares?agentId=${agentAId}`, admin)).json().data.shares.length,
    ).toBe(own.json().data.shares.length);
    expect((await call(app, 'GET', '/reportContact/shares?agentId=nope', admin)).statusCode).toBe(400);
    expect((await call(app, 'GET', '/reportContact/shares')).statusCode).toBe(401);
  });

  it('enforces who may share which property, and validates the period', async () => {
    expect((await share(undefined, {})).statusCode).toBe(401);
    expect((await share(agentA, { agentId: agentBId, address: 'בלפור 3' })).statusCode).toBe(403);
    const notTheirs = await share(agentA, { address: 'בלפור 3' });
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json().fieldErrors.address).toBe('הנכס אינו אחד מהנכסים של הסוכן');
    expect((await share(admin, { agentId: agentBId, address: 'בלפור 3' })).statusCode).toBe(201);
    const reversed = await share(agentA, { from: '2026-11-10', to: '2026-11-01' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fieldErrors.to).toBe('תאריך הסיום חייב להיות אחרי תאריך ההתחלה');
    const long = await share(agentA, { from: '2025-01-01', to: '2026-11-01' });
    expect(long.json().fieldErrors.from).toBe('תקופת הדוח יכולה להיות עד שנה');
    const future = await share(agentA, { to: addDays(today, 1) });
    expect(future.json().fieldErrors.to).toBe('התאריך אינו יכול להיות אחרי היום');
    const badDate = await share(agentA, { from: '2026-02-30' });
    expect(badDate.json().fieldErrors.from).toBe('תאריך לא תקין');
  });
});

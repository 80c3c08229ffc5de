import { randomUUID } from 'node:crypto';
import { israelDate } from '@shared/domain/israel-time';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { reportContacts } from '../../db/schema';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { addDays, call, insertPropertyRow } from './test-helpers';

let app: TestApp;
let admin: string;
let agentA: string;
let agentB: string;
let agentAId: string;
let agentBId: string;
let adminId: string;
const HERZL = 'הרצל 10';
const WEIZMANN = 'ויצמן 5';
const BALFOUR = 'בלפור 3';

beforeAll(async () => {
  app = await createTestApp();
  const adminRow = await createUser(app.db, { role: 'admin', name: 'מנהלת' });
  const a = await createUser(app.db, { name: 'סוכן א' });
  const b = await createUser(app.db, { name: 'סוכנת ב' });
  [adminId, agentAId, agentBId] = [adminRow.id, a.id, b.id];
  await insertPropertyRow(app.db, { address: HERZL, agentId: a.id });
  // Agent A is the second agent of Weizmann 5: it counts as one of A's properties too.
  await insertPropertyRow(app.db, {
    address: WEIZMANN,
    agentId: b.id,
    agentSecendId: a.id,
    exclusive: false,
  });
  await insertPropertyRow(app.db, { address: BALFOUR, agentId: b.id });
  admin = await signIn(app, adminRow.email, TEST_PASSWORD);
  agentA = await signIn(app, a.email, TEST_PASSWORD);
  agentB = await signIn(app, b.email, TEST_PASSWORD);
});

afterEach(() => {
  vi.useRealTimers();
});

const report = (overrides: Record<string, unknown> = {}) => ({
  clientName: 'משפחת כהן',
  exclusiveProperty: HERZL,
  visits: 2,
  views: 40,
  inquiries: 3,
  statusDate: '2026-11-01',
  note: 'סיור נוסף בשבוע הבא',
  ...overrides,
});

describe('POST /reportContact', () => {
  it('creates the report for the signed-in agent with the defaults, storing the property id', async () => {
    const res = await call(app, 'POST', '/reportContact', agentA, {
      clientName: '  משפחת לוי ',
      exclusiveProperty: HERZL,
    });
    expect(res.statusCode).toBe(201);
    const data = res.json().data.data;
    expect(data).toMatchObject({
      agent: agentAId,
      agentName: 'סוכן א',
      clientName: 'משפחת לוי',
      exclusiveProperty: HERZL,
      visits: 0,
      views: 0,
      inquiries: 0,
      statusDate: israelDate(),
      note: '',
    });
    const [row] = await app.db.select().from(reportContacts).where(eq(reportContacts.id, data._id));
    expect(row?.propertyId).toBe(data.propertyId);
    expect(row?.propertyId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("defaults the date to today's date in Israel, not in UTC", async () => {
    // 22:30 UTC on October 31st is 00:30 on November 1st in Israel (UTC+2 in winter).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-10-31T22:30:00Z'));
    const res = await call(app, 'POST', '/reportContact', agentA, report({ statusDate: undefined }));
    expect(res.json().data.data.statusDate).toBe('2026-11-01');
  });

  it('accepts a property where the agent is the second agent, and numeric strings', async () => {
    const res = await call(
      app,
      'POST',
      '/reportContact',
      agentA,
      report({ exclusiveProperty: WEIZMANN, visits: '4', statusDate: '' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.data).toMatchObject({ exclusiveProperty: WEIZMANN, visits: 4 });
  });

  it('lets an admin create for any agent, and checks the property against that agent', async () => {
    const ok = await call(
      app,
      'POST',
      '/reportContact',
      admin,
      report({ agent: agentBId, exclusiveProperty: BALFOUR }),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.data.agent).toBe(agentBId);
    const notTheirs = await call(app, 'POST', '/reportContact', admin, report({ agent: agentBId }));
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json().fieldErrors.exclusiveProperty).toBe('הנכס אינו אחד מהנכסים של הסוכן');
    const unknown = await call(app, 'POST', '/reportContact', admin, report({ agent: randomUUID() }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors.agent).toBe('הסוכן לא נמצא');
  });

  it('refuses an agent creating for another agent (403) and a visitor (401)', async () => {
    const res = await call(
      app,
      'POST',
      '/reportContact',
      agentA,
      report({ agent: agentBId, exclusiveProperty: BALFOUR }),
    );
    expect(res.statusCode).toBe(403);
    expect((await call(app, 'POST', '/reportContact', undefined, report())).statusCode).toBe(401);
  });

  const tomorrow = () => addDays(israelDate(), 1);
  const invalid: [string, Record<string, unknown>, string][] = [
    ['clientName', { clientName: undefined }, 'יש להזין שם לקוח'],
    ['clientName', { clientName: '   ' }, 'יש להזין שם לקוח'],
    ['clientName', { clientName: 'א' }, 'שם הלקוח חייב להכיל לפחות 2 תווים'],
    ['clientName', { clientName: 'א'.repeat(81) }, 'שם הלקוח יכול להכיל עד 80 תווים'],
    ['exclusiveProperty', { exclusiveProperty: undefined }, 'יש לבחור נכס בלעדי'],
    ['exclusiveProperty', { exclusiveProperty: '' }, 'יש לבחור נכס בלעדי'],
    ['exclusiveProperty', { exclusiveProperty: BALFOUR }, 'הנכס אינו אחד מהנכסים של הסוכן'],
    ['exclusiveProperty', { exclusiveProperty: 'רחוב שלא קיים 1' }, 'הנכס אינו אחד מהנכסים של הסוכן'],
    ['visits', { visits: -1 }, 'יש להזין מספר שלם בין 0 ל-10,000'],
    ['visits', { visits: 1.5 }, 'יש להזין מספר שלם בין 0 ל-10,000'],
    ['visits', { visits: 10_001 }, 'יש להזין מספר שלם בין 0 ל-10,000'],
    ['views', { views: 'הרבה' }, 'יש להזין מספר שלם בין 0 ל-10,000'],
    ['views', { views: 10_001 }, 'יש להזין מספר שלם בין 0 ל-10,000'],
    ['inquiries', { inquiries: -3 }, 'יש להזין מספר שלם בין 0 ל-10,000'],
    ['inquiries', { inquiries: true }, 'יש להזין מספר שלם בין 0 ל-10,000'],
    ['statusDate', { statusDate: '2026-02-30' }, 'תאריך לא תקין'],
    ['statusDate', { statusDate: '1.11.2026' }, 'תאריך לא תקין'],
    ['note', { note: 'א'.repeat(2001) }, 'ההערה יכולה להכיל עד 2,000 תווים'],
    ['agent', { agent: 'not-an-id' }, 'מזהה לא תקין'],
  ];
  it.each(invalid)('answers 400 with a Hebrew message on %s (%j)', async (field, overrides, message) => {
    const res = await call(app, 'POST', '/reportContact', agentA, report(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'fail', code: 'VALIDATION' });
    expect(res.json().fieldErrors[field]).toBe(message);
  });

  it('refuses a date after today in Israel', async () => {
    const res = await call(app, 'POST', '/reportContact', agentA, report({ statusDate: tomorrow() }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.statusDate).toBe('התאריך אינו יכול להיות אחרי היום');
  });

  it('accepts the edges of every rule', async () => {
    const res = await call(
      app,
      'POST',
      '/reportContact',
      agentA,
      report({
        clientName: 'א'.repeat(80),
        visits: 10_000,
        views: 0,
        inquiries: 10_000,
        statusDate: israelDate(),
        note: 'ב'.repeat(2000),
      }),
    );
    expect(res.statusCode).toBe(201);
    const short = await call(app, 'POST', '/reportContact', agentA, report({ clientName: 'אב' }));
    expect(short.statusCode).toBe(201);
  });
});

describe('reading reports', () => {
  it('GET /reportContact is for admins only', async () => {
    expect((await call(app, 'GET', '/reportContact')).statusCode).toBe(401);
    expect((await call(app, 'GET', '/reportContact', agentA)).statusCode).toBe(403);
    const res = await call(app, 'GET', '/reportContact', admin);
    expect(res.statusCode).toBe(200);
    const agents = new Set(res.json().data.reportContacts.map((r: { agent: string }) => r.agent));
    expect(agents).toEqual(new Set([agentAId, agentBId]));
  });

  it('getReportContactByAgent: own or admin; another agent 403; bad id 400', async () => {
    const own = await call(app, 'GET', `/reportContact/getReportContactByAgent/${agentAId}`, agentA);
    expect(own.statusCode).toBe(200);
    const statuses = own.json().data.statuses as { agent: string; statusDate: string }[];
    expect(statuses.length).toBeGreaterThan(3);
    expect(statuses.every((s) => s.agent === agentAId)).toBe(true);
    const dates = statuses.map((s) => s.statusDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(
      (await call(app, 'GET', `/reportContact/getReportContactByAgent/${agentBId}`, agentA)).statusCode,
    ).toBe(403);
    expect(
      (await call(app, 'GET', `/reportContact/getReportContactByAgent/${agentBId}`, admin)).statusCode,
    ).toBe(200);
    const other = await call(app, 'GET', `/reportContact/getReportContactByAgent/${agentAId}`, agentB);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toMatch(/[א-ת]/);
    expect((await call(app, 'GET', `/reportContact/getReportContactByAgent/${agentBId}`)).statusCode).toBe(
      401,
    );
    expect((await call(app, 'GET', '/reportContact/getReportContactByAgent/xyz', admin)).statusCode).toBe(
      400,
    );
    expect(
      (await call(app, 'GET', `/reportContact/getReportContactByAgent/${randomUUID()}`, admin)).statusCode,
    ).toBe(404);
  });

  it('getReportContactByProperty: an agent sees its own reports there, an admin all of them', async () => {
    await call(
      app,
      'POST',
      '/reportContact',
      admin,
      report({ agent: agentBId, exclusiveProperty: WEIZMANN }),
    );
    const mine = await call(app, 'POST', '/reportContact/getReportContactByProperty', agentA, {
      address: WEIZMANN,
    });
    expect(mine.statusCode).toBe(200);
    const mineAgents = mine.json().data.statuses.map((s: { agent: string }) => s.agent);
    expect(mineAgents.length).toBeGreaterThan(0);
    expect(new Set(mineAgents)).toEqual(new Set([agentAId]));
    const all = await call(app, 'POST', '/reportContact/getReportContactByProperty', admin, {
      address: WEIZMANN,
    });
    expect(new Set(all.json().data.statuses.map((s: { agent: string }) => s.agent))).toEqual(
      new Set([agentAId, agentBId]),
    );
    const missing = await call(app, 'POST', '/reportContact/getReportContactByProperty', admin, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors.address).toBe('יש לבחור נכס בלעדי');
    expect(
      (await call(app, 'POST', '/reportContact/getReportContactByProperty', undefined, { address: HERZL }))
        .statusCode,
    ).toBe(401);
  });

  it("lists an agent's properties (main or second agent) for the form", async () => {
    const res = await call(app, 'GET', `/reportContact/properties/${agentAId}`, agentA);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.properties.map((p: { address: string }) => p.address)
        .sort(),
    ).toEqual([HERZL, WEIZMANN].sort());
    expect((await call(app, 'GET', `/reportContact/properties/${agentBId}`, agentA)).statusCode).toBe(403);
    const forB = await call(app, 'GET', `/reportContact/properties/${agentBId}`, admin);
    expect(forB.json().data.properties).toHaveLength(2);
    // A pure admin does no agent work: no properties of its own to report on.
    expect((await call(app, 'GET', `/reportContact/properties/${adminId}`, admin)).statusCode).toBe(400);
  });
});

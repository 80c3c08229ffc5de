import { REPORT_MESSAGES } from '@shared/schemas/report-contact';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { reportContacts } from '../../db/schema';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { call, insertPropertyRow } from './test-helpers';

let app: TestApp;
let admin: string;
let agentA: string;
let agentAId: string;
let agentBId: string;

beforeAll(async () => {
  app = await createTestApp();
  const adminRow = await createUser(app.db, { role: 'admin' });
  const a = await createUser(app.db, { name: 'סוכן א' });
  const b = await createUser(app.db, { name: 'סוכנת ב' });
  agentAId = a.id;
  agentBId = b.id;
  const herzl = await insertPropertyRow(app.db, { address: 'הרצל 10', agentId: a.id });
  const hagana = await insertPropertyRow(app.db, { address: 'ההגנה 7', agentId: a.id });
  const balfour = await insertPropertyRow(app.db, { address: 'בלפור 3', agentId: b.id });
  const row = (agentId: string, property: typeof herzl, statusDate: string, clientName = 'לקוח') => ({
    agentId,
    propertyId: property.id,
    exclusiveProperty: property.address,
    clientName,
    statusDate,
    visits: 1,
    views: 10,
    inquiries: 2,
  });
  // Around the October/November boundary: the last day of a month and the first of the next.
  await app.db
    .insert(reportContacts)
    .values([
      row(a.id, herzl, '2026-09-30'),
      row(a.id, herzl, '2026-10-01', 'ראשון באוקטובר'),
      row(a.id, hagana, '2026-10-15'),
      row(a.id, herzl, '2026-10-31', 'אחרון באוקטובר'),
      row(a.id, herzl, '2026-11-01'),
      row(b.id, balfour, '2026-10-10'),
      row(a.id, herzl, '2025-12-31'),
      row(a.id, herzl, '2026-01-01'),
    ]);
  admin = await signIn(app, adminRow.email, TEST_PASSWORD);
  agentA = await signIn(app, a.email, TEST_PASSWORD);
});

const monthly = (cookie: string | undefined, body: Record<string, unknown>) =>
  call(app, 'POST', '/reportContact/monthlyReport', cookie, body);

describe('POST /reportContact/monthlyReport', () => {
  it('counts the agent reports of the calendar month, first and last day included', async () => {
    const res = await monthly(agentA, { agentId: agentAId, month: '2026-10' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', reportCount: 3, recommendedCount: 4 });
    expect(body.data.statuses.map((s: { statusDate: string }) => s.statusDate)).toEqual([
      '2026-10-31',
      '2026-10-15',
      '2026-10-01',
    ]);
    expect(body.data.statuses[0]).toMatchObject({
      statusDate: '2026-10-31',
      clientName: 'אחרון באוקטובר',
      visits: 1,
      views: 10,
      inquiries: 2,
      note: '',
    });
  });

  it('filters by address', async () => {
    const res = await monthly(agentA, { agentId: agentAId, month: '2026-10', address: 'הרצל 10' });
    expect(res.json().reportCount).toBe(2);
    const empty = await monthly(agentA, { agentId: agentAId, month: '2026-10', address: '' });
    expect(empty.json().reportCount).toBe(3);
  });

  it('keeps months apart, including across a year boundary, and agents apart', async () => {
    expect((await monthly(agentA, { agentId: agentAId, month: '2026-09' })).json().reportCount).toBe(1);
    expect((await monthly(agentA, { agentId: agentAId, month: '2026-11' })).json().reportCount).toBe(1);
    expect((await monthly(agentA, { agentId: agentAId, month: '2025-12' })).json().reportCount).toBe(1);
    expect((await monthly(agentA, { agentId: agentAId, month: '2026-01' })).json().reportCount).toBe(1);
    const none = await monthly(agentA, { agentId: agentAId, month: '2026-06' });
    expect(none.json()).toMatchObject({ reportCount: 0, recommendedCount: 4, data: { statuses: [] } });
    const b = await monthly(admin, { agentId: agentBId, month: '2026-10' });
    expect(b.json().reportCount).toBe(1);
  });

  it('enforces roles: own or admin; another agent 403; visitor 401', async () => {
    expect((await monthly(agentA, { agentId: agentBId, month: '2026-10' })).statusCode).toBe(403);
    expect((await monthly(undefined, { agentId: agentAId, month: '2026-10' })).statusCode).toBe(401);
    expect((await monthly(admin, { agentId: agentAId, month: '2026-10' })).json().reportCount).toBe(3);
  });

  it.each(['2026-13', '2026-1', '2026-00', 'אוקטובר', '2026-10-01', ''])(
    'refuses month %j with 400',
    async (month) => {
      const res = await monthly(agentA, { agentId: agentAId, month });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.month).toBe('יש לבחור חודש תקין (שנה-חודש)');
    },
  );

  describe('a month that has not started', () => {
    afterEach(() => vi.useRealTimers());

    it('is refused with 400 and a Hebrew message, not counted as 0 of 4', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      // 23:30 on 31 October in Israel (UTC+2 once summer time ended on 25 October).
      vi.setSystemTime(new Date('2026-10-31T21:30:00Z'));
      for (const month of ['2026-11', '2027-01']) {
        const res = await monthly(agentA, { agentId: agentAId, month });
        expect(res.statusCode, month).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'VALIDATION',
          fieldErrors: { month: REPORT_MESSAGES.monthNotStarted },
        });
        expect(res.json().message).toMatch(/[א-ת]/);
      }
      expect((await monthly(admin, { agentId: agentAId, month: '2026-10' })).json().reportCount).toBe(3);
    });

    it('is checked from its first minute in Israel', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      // 00:30 on 1 November in Israel: still 31 October in UTC.
      vi.setSystemTime(new Date('2026-10-31T22:30:00Z'));
      const res = await monthly(agentA, { agentId: agentAId, month: '2026-11' });
      expect(res.statusCode).toBe(200);
      expect(res.json().reportCount).toBe(1);
    });
  });

  it('refuses a missing or malformed agent id', async () => {
    const res = await monthly(agentA, { month: '2026-10' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.agentId).toMatch(/[א-ת]/);
  });
});

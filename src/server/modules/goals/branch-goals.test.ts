import { METRIC_KEYS } from '@shared/domain/metrics';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, branches, goals } from '../../db/schema';
import { createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

// A branch's monthly goal (docs/branches.md), on both databases: network admins set and clear it, the branch's
// own managers read it, another branch's manager does not learn it exists, and the network dashboard counts it.

let app: TestApp;
const ids = { haifa: '', telAviv: '' };
const cookies = { ceo: '', franchisee: '', otherManager: '', agent: '' };
const year = 2026;
const month = 4;
const goalOf = (meetings: number) =>
  Object.fromEntries(METRIC_KEYS.map((k) => [k, k === 'meetings' ? meetings : 1]));

const send = (method: 'GET' | 'PUT' | 'DELETE', cookie: string, payload?: object, branchId = ids.haifa) =>
  app.inject({
    method,
    url: `/api/v1/branches/${branchId}/goals/${year}/${month}`,
    headers: { cookie },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  const [haifa, telAviv] = await app.db
    .insert(branches)
    .values([
      { name: 'חיפה', slug: 'haifa-goals', city: 'חיפה' },
      { name: 'תל אביב', slug: 'tel-aviv-goals', city: 'תל אביב-יפו' },
    ])
    .returning();
  ids.haifa = haifa!.id;
  ids.telAviv = telAviv!.id;
  const cookieOf = async (overrides: Parameters<typeof createUser>[1]) =>
    sessionCookieFor(app.db, (await createUser(app.db, overrides)).id);
  cookies.ceo = await cookieOf({ branchId: ids.telAviv, role: 'admin', networkAccess: true });
  cookies.franchisee = await cookieOf({ branchId: ids.haifa, role: 'admin', networkAccess: false });
  cookies.otherManager = await cookieOf({ branchId: ids.telAviv, role: 'admin', networkAccess: false });
  cookies.agent = await cookieOf({ branchId: ids.haifa });
  const agentA = await createUser(app.db, { branchId: ids.haifa });
  const agentB = await createUser(app.db, { branchId: ids.haifa });
  await app.db.insert(goals).values([
    { agentId: agentA.id, branchId: ids.haifa, year, month, ...goalOf(4) },
    { agentId: agentB.id, branchId: ids.haifa, year, month, ...goalOf(6) },
  ]);
});

const dashboardGoal = async () => {
  const res = await app.inject({
    url: `/api/v1/network/dashboard?year=${year}&month=${month}`,
    headers: { cookie: cookies.ceo },
  });
  expect(res.statusCode).toBe(200);
  const column = res
    .json()
    .data.branches.find((c: { branch: { _id: string } }) => c.branch._id === ids.haifa);
  return column.indicators.meetings.goal as number | null;
};

describe('a branch goal', () => {
  it('is none at first: the branch reads its agents goals summed, and the dashboard counts them', async () => {
    const res = await send('GET', cookies.franchisee);
    expect(res.statusCode).toBe(200);
    const { branchGoal } = res.json().data;
    expect(branchGoal).toMatchObject({ branch: { _id: ids.haifa, name: 'חיפה' }, year, month, goal: null });
    expect(branchGoal.agentsWithGoal).toBe(2);
    expect(branchGoal.agentsGoal.meetings).toBe(10);
    expect(branchGoal.agentsGoal.deals).toBe(2);
    expect(await dashboardGoal()).toBe(10);
  });

  it('is set by a network admin, replaces the sum on the dashboard, and is audited', async () => {
    const set = await send('PUT', cookies.ceo, goalOf(25));
    expect(set.statusCode).toBe(200);
    expect(set.json().data.branchGoal.goal.meetings).toBe(25);
    expect((await send('GET', cookies.franchisee)).json().data.branchGoal.goal.meetings).toBe(25);
    expect(await dashboardGoal()).toBe(25);

    const replaced = await send('PUT', cookies.ceo, goalOf(30));
    expect(replaced.json().data.branchGoal.goal.meetings).toBe(30);
    expect(await dashboardGoal()).toBe(30);
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'goal'), eq(auditLog.action, 'update')));
    expect(entries.map((e) => e.changes.meetings)).toContainEqual({ before: 25, after: 30 });
  });

  it('is refused to everyone but network admins, and hidden from another branch', async () => {
    expect((await send('PUT', cookies.franchisee, goalOf(99))).statusCode).toBe(403);
    expect((await send('DELETE', cookies.franchisee)).statusCode).toBe(403);
    expect((await send('GET', cookies.agent)).statusCode).toBe(403);
    const other = await send('GET', cookies.otherManager);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('הסניף לא נמצא');
    expect((await send('GET', cookies.ceo)).json().data.branchGoal.goal.meetings).toBe(30);
  });

  it('refuses a negative or non-numeric figure with a Hebrew message on the field, and keeps the goal', async () => {
    const bad = await send('PUT', cookies.ceo, { ...goalOf(5), meetings: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors?.meetings ?? bad.json().message).toMatch(/[א-ת]/);
    const text = await send('PUT', cookies.ceo, { ...goalOf(5), deals: 'הרבה' });
    expect(text.statusCode).toBe(400);
    const none = await send('GET', cookies.ceo, undefined, '00000000-0000-4000-8000-000000000000');
    expect(none.statusCode).toBe(404);
    expect((await send('GET', cookies.ceo)).json().data.branchGoal.goal.meetings).toBe(30);
  });

  it('is cleared by a network admin: the dashboard counts the agents goals again', async () => {
    const cleared = await send('DELETE', cookies.ceo);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.branchGoal.goal).toBeNull();
    expect(await dashboardGoal()).toBe(10);
  });
});

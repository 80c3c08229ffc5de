import { isoDate, israelYearMonth } from '@shared/domain/israel-calendar';
import { SCORE_WEIGHTS } from '@shared/domain/scoring';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { goals, indicators } from '../../db/schema';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTwoInstances, signIn } from '../../test/test-app';

// The dashboards' caches are split by month (docs/decisions/0022-scoped-cache-invalidation.md): a daily entry or
// a goal of one month drops that month's figures (and the all-time summary, for an entry) on every process, and
// keeps every other month's. Two app instances on one database stand for two processes. Figures are changed
// behind the API's back, so an answer shows the change only if its cache entry was dropped; time stands still,
// so no entry expires by its TTL.
let writer: FastifyInstance;
let reader: FastifyInstance;
let admin: string;
let agentId: string;

/** Three past months (none within the last 7 days), as year and month, and a day in each. */
const monthsAgo = (n: number) => {
  const now = israelYearMonth();
  const index = now.year * 12 + now.month - 1 - n;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: isoDate(year, month, 15) };
};
const A = monthsAgo(3);
const B = monthsAgo(5);
const C = monthsAgo(7);
const ZERO = { meetings: 0, exclusives: 0, priceUpdates: 0, buyerTours: 0, priceOffers: 0, deals: 0 };

beforeAll(async () => {
  ({ first: writer, second: reader } = await createTwoInstances());
  const a = await createUser(writer.db, { role: 'admin' });
  agentId = (await createUser(writer.db, { role: 'agent' })).id;
  admin = await signIn(writer, a.email, TEST_PASSWORD);
});

afterEach(() => vi.restoreAllMocks());
/** Stops the clock, each test 10 s after the last one stopped: every entry of an earlier test has expired. */
let clock = Date.now();
const freezeTime = () => {
  clock = Math.max(clock, Date.now()) + 10_000;
  vi.spyOn(Date, 'now').mockReturnValue(clock);
};

const get = async (url: string) =>
  (await reader.inject({ url: `/api/v1${url}`, headers: { cookie: admin } })).json();
const summary = async (period: string) =>
  (
    await reader.inject({
      method: 'POST',
      url: `/api/v1/indicators/summary/${period}`,
      headers: { cookie: admin },
      payload: { id: agentId },
    })
  ).json().data.totalMeetings as number;

/** What the reader answers for one month: the agent's meetings and goal in every dashboard, and its score. */
async function monthView({ year, month }: { year: number; month: number }) {
  const mine = (rows: { agentId: string }[]) => rows.find((row) => row.agentId === agentId) as never;
  const { meetings: all }: { meetings: { actual: number; goal: number | null } } = mine(
    (await get(`/goals/performance/all/${year}/${month}`)).data,
  );
  const one = (await get(`/goals/performance/${agentId}/${year}/${month}`)).data;
  const score: { totalScore: number } = mine(
    (await get(`/indicators/scoreboard?year=${year}&month=${month}`)).data,
  );
  return {
    all: { actual: all.actual, goal: all.goal },
    one: { actual: one.meetings.actual as number, goal: one.meetings.goal as number | null },
    score: score.totalScore,
  };
}

const readerView = async () => ({
  A: await monthView(A),
  B: await monthView(B),
  C: await monthView(C),
  weekly: await summary('weekly'),
  monthly: await summary('monthly'),
  allTime: await summary('all'),
});

/** A daily entry written behind the API's back (the month totals follow by trigger, the caches do not). */
const entryBehindTheApi = (day: string, meetings: number) =>
  writer.db
    .insert(indicators)
    .values({ agentId, ...ZERO, meetings, createdAt: new Date(`${day}T09:00:00Z`) });
const setGoalBehindTheApi = ({ year, month }: { year: number; month: number }, meetings: number) =>
  writer.db
    .update(goals)
    .set({ meetings })
    .where(and(eq(goals.agentId, agentId), eq(goals.year, year), eq(goals.month, month)));
const write = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
  const response = await writer.inject({ method, url: `/api/v1${url}`, headers: { cookie: admin }, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
};
const today = () => new Date().toISOString();
/** Five more meetings behind the API in every month the view shows (the three past ones and today's). */
const fiveMoreEverywhere = async () => {
  for (const { day } of [A, B, C]) await entryBehindTheApi(day, 5);
  await writer.db.insert(indicators).values({ agentId, ...ZERO, meetings: 5, createdAt: new Date(today()) });
};
const plus = (view: Awaited<ReturnType<typeof monthView>>, meetings: number) => ({
  all: { ...view.all, actual: view.all.actual + meetings },
  one: { ...view.one, actual: view.one.actual + meetings },
  score: view.score + meetings * SCORE_WEIGHTS.meetings,
});

describe('dashboard caches split by month, across processes', () => {
  it("a daily entry drops its month's figures and the all-time summary, and keeps every other month", async () => {
    freezeTime();
    const before = await readerView();
    await fiveMoreEverywhere();

    await write('POST', '/indicators', { agent: agentId, createdAt: A.day, ...ZERO, meetings: 1 });
    expect(await readerView()).toEqual({
      ...before,
      A: plus(before.A, 6),
      allTime: before.allTime + 4 * 5 + 1,
    });
  });

  it("a goal drops its own month's figures only", async () => {
    freezeTime();
    await write('POST', '/goals', { agent: agentId, year: B.year, month: B.month, ...ZERO, meetings: 10 });
    await write('POST', '/goals', { agent: agentId, year: C.year, month: C.month, ...ZERO, meetings: 10 });
    const before = await readerView();
    expect(before.B.all.goal).toBe(10);
    await setGoalBehindTheApi(C, 99);
    await fiveMoreEverywhere();

    await write('POST', '/goals', { agent: agentId, year: B.year, month: B.month, ...ZERO, meetings: 20 });
    const after = await readerView();
    expect(after.B).toEqual({
      ...plus(before.B, 5),
      all: { actual: before.B.all.actual + 5, goal: 20 },
      one: { actual: before.B.one.actual + 5, goal: 20 },
    });
    expect({ ...after, B: before.B }).toEqual(before);

    // Editing a goal (by its id) drops its month too.
    const goalOfC = await writer.db
      .select({ id: goals.id })
      .from(goals)
      .where(and(eq(goals.agentId, agentId), eq(goals.year, C.year), eq(goals.month, C.month)));
    await write('PATCH', `/goals/${goalOfC[0]!.id}`, { meetings: 30 });
    const edited = await readerView();
    expect(edited.C.all).toEqual({ actual: before.C.all.actual + 5, goal: 30 });
    expect({ ...edited, C: before.C, B: after.B }).toEqual(after);
  });

  it('moving an entry to another month drops both months, and deleting it drops its month', async () => {
    freezeTime();
    const created = await write('POST', '/indicators', {
      agent: agentId,
      createdAt: A.day,
      ...ZERO,
      meetings: 2,
    });
    const id: string = created.data.indicator._id;
    const before = await readerView();
    await fiveMoreEverywhere();

    await write('PATCH', `/indicators/${id}`, { createdAt: C.day });
    const moved = await readerView();
    expect(moved.A.all.actual).toBe(before.A.all.actual + 5 - 2);
    expect(moved.C.all.actual).toBe(before.C.all.actual + 5 + 2);
    expect(moved.B).toEqual(before.B);
    expect(moved.monthly).toBe(before.monthly);
    expect(moved.allTime).toBe(before.allTime + 4 * 5);

    await entryBehindTheApi(A.day, 1);
    await entryBehindTheApi(C.day, 1);
    await write('DELETE', `/indicators/${id}`);
    const deleted = await readerView();
    expect(deleted.C.all.actual).toBe(moved.C.all.actual + 1 - 2);
    expect(deleted.A).toEqual(moved.A);
    expect(deleted.allTime).toBe(moved.allTime + 2 - 2);
  });
});

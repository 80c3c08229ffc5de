import { israelYearMonth } from '@shared/domain/israel-calendar';
import { BRANCH_CLOSE_MESSAGES, BRANCH_MESSAGES } from '@shared/schemas/branch';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  branches,
  contacts,
  goals,
  indicators,
  leads,
  properties,
  userRoleHistory,
  users,
} from '../../db/schema';
import { createProperty, createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

// Closing a branch (docs/branches.md, "Closing a branch"), on both databases: the preview counts exactly what the
// close moves, the close is all or nothing, the last open branch stays open, a plain PATCH refuses a branch that
// still holds people or listings, and past months' figures stay with the closed branch.

let app: TestApp;
let ceoCookie = '';
const { year, month } = israelYearMonth();
const past = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
/** The middle of last month, in Israel (the 15th at noon UTC is the 15th there too). */
const inLastMonth = new Date(Date.UTC(past.year, past.month - 1, 15, 12));

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

async function branch(name: string, slug: string, active = true) {
  const [row] = await app.db.insert(branches).values({ name, slug, active }).returning();
  return row!.id;
}

/** A branch with two agents, a listing each, an open and a closed lead, a contact and this and last month's goals. */
async function populated(name: string, slug: string) {
  const id = await branch(name, slug);
  const manager = await createUser(app.db, {
    branchId: id,
    role: 'admin',
    networkAccess: false,
    name: `מנהלת ${name}`,
  });
  const dana = await createUser(app.db, { branchId: id, name: `דנה ${name}` });
  const yossi = await createUser(app.db, { branchId: id, name: `יוסי ${name}` });
  const listingA = await createProperty(app.db, {
    agentId: dana.id,
    branchId: id,
    address: `הרצל 1 ${slug}`,
  });
  const listingB = await createProperty(app.db, {
    agentId: yossi.id,
    branchId: id,
    address: `הרצל 2 ${slug}`,
  });
  const [contact] = await app.db
    .insert(contacts)
    .values({ name: `פונה ${name}`, phone: '0501111111', branchId: id })
    .returning();
  const [open, closed] = await app.db
    .insert(leads)
    .values([
      {
        contactId: contact!.id,
        name: `פתוח ${name}`,
        phone: '0501111111',
        category: 'קונה',
        ownerId: dana.id,
        branchId: id,
      },
      {
        contactId: contact!.id,
        name: `סגור ${name}`,
        phone: '0501111111',
        category: 'קונה',
        ownerId: dana.id,
        branchId: id,
        status: 'lost',
        lossReason: 'other',
      },
    ])
    .returning();
  const [goalNow, goalPast] = await app.db
    .insert(goals)
    .values([
      { agentId: dana.id, branchId: id, year, month, meetings: 10 },
      { agentId: dana.id, branchId: id, year: past.year, month: past.month, meetings: 8 },
    ])
    .returning();
  await app.db.insert(indicators).values([
    { agentId: dana.id, meetings: 3, createdAt: inLastMonth },
    { agentId: yossi.id, meetings: 4, createdAt: inLastMonth },
  ]);
  return {
    id,
    manager,
    people: [manager.id, dana.id, yossi.id],
    dana,
    listings: [listingA.id, listingB.id],
    contact: contact!.id,
    open: open!.id,
    closed: closed!.id,
    goalNow: goalNow!.id,
    goalPast: goalPast!.id,
  };
}

const branchOf = async (
  table: typeof users | typeof properties | typeof leads | typeof contacts | typeof goals,
  id: string,
) => {
  const [row] = await app.db.select({ branchId: table.branchId }).from(table).where(eq(table.id, id));
  return row!.branchId;
};

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  const head = await branch('ראשי', 'head');
  ceoCookie = await sessionCookieFor(
    app.db,
    (await createUser(app.db, { role: 'admin', branchId: head, name: 'מנכ"ל' })).id,
  );
});

describe('closing a branch', () => {
  it('previews exactly what the close moves, then moves it all and closes the branch', async () => {
    const from = await populated('קריות', 'krayot');
    const to = await branch('חיפה', 'haifa-close');
    const preview = await call('GET', `/branches/${from.id}/close-preview`, ceoCookie);
    expect(preview.statusCode).toBe(200);
    const p = preview.json().data.preview;
    expect(p.branch).toEqual({ _id: from.id, name: 'קריות', slug: 'krayot' });
    expect(p.people.count).toBe(3);
    expect(p.people.names.map((n: { _id: string }) => n._id).sort()).toEqual([...from.people].sort());
    expect(p.listings.count).toBe(2);
    expect(p.listings.names.map((n: { name: string }) => n.name)).toEqual([
      'הרצל 1 krayot, חיפה',
      'הרצל 2 krayot, חיפה',
    ]);
    expect(p.openLeads).toEqual({ count: 1, names: [{ _id: from.open, name: 'פתוח קריות' }] });
    expect(p.contacts.count).toBe(1);
    expect(p.goals).toEqual({
      count: 1,
      names: [{ _id: from.goalNow, name: `דנה קריות · ${month}/${year}` }],
    });

    const closed = await call('POST', `/branches/${from.id}/close`, ceoCookie, { targetBranchId: to });
    expect(closed.statusCode).toBe(200);
    const body = closed.json().data;
    expect(body.branch.active).toBe(false);
    expect(body.target.name).toBe('חיפה');
    // The preview's numbers are the close's.
    expect(body.moved).toEqual({
      people: p.people.count,
      listings: p.listings.count,
      openLeads: p.openLeads.count,
      contacts: p.contacts.count,
      goals: p.goals.count,
    });
    for (const person of from.people) expect(await branchOf(users, person)).toBe(to);
    for (const listing of from.listings) expect(await branchOf(properties, listing)).toBe(to);
    expect(await branchOf(leads, from.open)).toBe(to);
    expect(await branchOf(contacts, from.contact)).toBe(to);
    expect(await branchOf(goals, from.goalNow)).toBe(to);
    // The past stays where it happened.
    expect(await branchOf(leads, from.closed)).toBe(from.id);
    expect(await branchOf(goals, from.goalPast)).toBe(from.id);
    const after = await call('GET', `/branches/${from.id}/close-preview`, ceoCookie);
    for (const kind of ['people', 'listings', 'openLeads', 'contacts', 'goals'])
      expect(after.json().data.preview[kind].count).toBe(0);
  });

  it("keeps last month's figures with the closed branch, by the dated history of each person", async () => {
    const from = await populated('נהריה', 'nahariya');
    const to = await branch('עכו', 'akko');
    const toManager = await createUser(app.db, { branchId: to, role: 'admin', networkAccess: false });
    const toCookie = await sessionCookieFor(app.db, toManager.id);
    const fromCookie = await sessionCookieFor(app.db, from.manager.id);
    const figures = async (cookie: string) =>
      (await call('GET', `/goals/companyPerformance?year=${past.year}&month=${past.month}`, cookie)).json()
        .data.meetings.actual;
    const board = async (cookie: string) =>
      (await call('GET', `/indicators/scoreboard?year=${past.year}&month=${past.month}`, cookie))
        .json()
        .data.map((row: { agentId: string; meetings?: number }) => row.agentId)
        .sort();
    expect(await figures(fromCookie)).toBe(7);
    const boardBefore = await board(fromCookie);
    expect(boardBefore).toContain(from.dana.id);
    expect(await figures(toCookie)).toBe(0);

    const closed = await call('POST', `/branches/${from.id}/close`, ceoCookie, { targetBranchId: to });
    expect(closed.statusCode).toBe(200);
    const history = await app.db
      .select()
      .from(userRoleHistory)
      .where(eq(userRoleHistory.userId, from.dana.id));
    expect(history.map((h) => h.branchId).sort()).toEqual([from.id, to].sort());

    // A reader in the closed branch (its manager moved): last month is as it was; the target gained nothing.
    const reader = await createUser(app.db, { branchId: from.id, role: 'admin', networkAccess: false });
    const readerCookie = await sessionCookieFor(app.db, reader.id);
    expect(await figures(readerCookie)).toBe(7);
    expect(await board(readerCookie)).toEqual(expect.arrayContaining([from.dana.id, from.people[2]]));
    expect(await figures(toCookie)).toBe(0);
    expect(await board(toCookie)).not.toContain(from.dana.id);
  });

  it('moves nothing when a step fails halfway: the branch stays open with all it held', async () => {
    const from = await populated('טבריה', 'tiberias');
    const to = await branch('צפת', 'safed');
    // The goals move last: a database refusal there must undo the people, listings, leads and contacts moved before.
    await app.db.execute(sql`
      CREATE OR REPLACE FUNCTION refuse_goal_move() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END; $$`);
    await app.db.execute(
      sql`CREATE TRIGGER refuse_goal_move BEFORE UPDATE OF branch_id ON goals FOR EACH ROW EXECUTE FUNCTION refuse_goal_move()`,
    );
    try {
      const failed = await call('POST', `/branches/${from.id}/close`, ceoCookie, { targetBranchId: to });
      expect(failed.statusCode).toBe(500);
    } finally {
      await app.db.execute(sql`DROP TRIGGER refuse_goal_move ON goals`);
    }
    for (const person of from.people) expect(await branchOf(users, person)).toBe(from.id);
    for (const listing of from.listings) expect(await branchOf(properties, listing)).toBe(from.id);
    expect(await branchOf(leads, from.open)).toBe(from.id);
    expect(await branchOf(contacts, from.contact)).toBe(from.id);
    const [row] = await app.db.select().from(branches).where(eq(branches.id, from.id));
    expect(row!.active).toBe(true);
    const history = await app.db
      .select()
      .from(userRoleHistory)
      .where(inArray(userRoleHistory.userId, from.people));
    expect(history.every((h) => h.branchId === from.id)).toBe(true);
  });

  it('refuses a closed, unknown or same target on its field, and a second close', async () => {
    const from = await populated('אילת', 'eilat');
    const shut = await branch('ערד', 'arad', false);
    const refused = async (targetBranchId: string, message: string) => {
      const res = await call('POST', `/branches/${from.id}/close`, ceoCookie, { targetBranchId });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors?.targetBranchId).toBe(message);
    };
    await refused(shut, BRANCH_MESSAGES.closed);
    await refused('00000000-0000-4000-8000-000000000000', BRANCH_MESSAGES.notFound);
    await refused(from.id, BRANCH_CLOSE_MESSAGES.sameBranch);
    const bad = await call('POST', `/branches/${from.id}/close`, ceoCookie, { targetBranchId: 'x' });
    expect(bad.statusCode).toBe(400);
    for (const person of from.people) expect(await branchOf(users, person)).toBe(from.id);
    const to = await branch('באר שבע', 'beer-sheva');
    expect(
      (await call('POST', `/branches/${from.id}/close`, ceoCookie, { targetBranchId: to })).statusCode,
    ).toBe(200);
    const again = await call('POST', `/branches/${from.id}/close`, ceoCookie, { targetBranchId: to });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BRANCH_CLOSE_MESSAGES.alreadyClosed);
  });

  it('refuses a plain PATCH close while the branch holds people or listings, and allows it once empty', async () => {
    const from = await populated('רמלה', 'ramla');
    const res = await call('PATCH', `/branches/${from.id}`, ceoCookie, { active: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BRANCH_CLOSE_MESSAGES.holdsRows);
    const [row] = await app.db.select().from(branches).where(eq(branches.id, from.id));
    expect(row!.active).toBe(true);
    const empty = await branch('לוד', 'lod');
    const ok = await call('PATCH', `/branches/${empty}`, ceoCookie, { active: false });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.branch.active).toBe(false);
  });

  it('refuses placing a person in a closed branch, on the branch field', async () => {
    const shut = await branch('דימונה', 'dimona', false);
    const created = await call('POST', '/users', ceoCookie, {
      name: 'סוכנת חדשה',
      email: 'new-agent-close@example.com',
      phone_number: '0521234567',
      role: 'agent',
      branchId: shut,
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().fieldErrors?.branchId).toBe(BRANCH_MESSAGES.closed);
    const [none] = await app.db.select().from(users).where(eq(users.email, 'new-agent-close@example.com'));
    expect(none).toBeUndefined();
    // A manager left in a closed branch (written around the API) adds nobody to it either.
    const stranded = await createUser(app.db, { branchId: shut, role: 'admin', networkAccess: false });
    const byManager = await call('POST', '/users', await sessionCookieFor(app.db, stranded.id), {
      name: 'סוכן חדש',
      email: 'new-agent-stranded@example.com',
      phone_number: '0521234567',
      role: 'agent',
    });
    expect(byManager.statusCode).toBe(400);
    expect(byManager.json().fieldErrors?.branchId).toBe(BRANCH_MESSAGES.closed);
    expect(
      await app.db.select().from(users).where(eq(users.email, 'new-agent-stranded@example.com')),
    ).toEqual([]);
    const agent = await createUser(app.db, { name: 'סוכן קיים' });
    const moved = await call('PATCH', `/users/${agent.id}`, ceoCookie, { branchId: shut });
    expect(moved.statusCode).toBe(400);
    expect(await branchOf(users, agent.id)).not.toBe(shut);
  });

  it('answers 404 for an unknown branch, and only network admins may preview or close', async () => {
    const unknown = '00000000-0000-4000-8000-000000000001';
    expect((await call('GET', `/branches/${unknown}/close-preview`, ceoCookie)).statusCode).toBe(404);
    const from = await populated('אשדוד', 'ashdod');
    const managerCookie = await sessionCookieFor(app.db, from.manager.id);
    const to = await branch('אשקלון', 'ashkelon');
    expect((await call('GET', `/branches/${from.id}/close-preview`, managerCookie)).statusCode).toBe(403);
    expect(
      (await call('POST', `/branches/${from.id}/close`, managerCookie, { targetBranchId: to })).statusCode,
    ).toBe(403);
    expect(await branchOf(users, from.dana.id)).toBe(from.id);
  });
});

describe('the last open branch', () => {
  it('cannot be closed, by the close flow or by PATCH', async () => {
    // Close every other open branch first (each empty one by PATCH, the others into this one).
    const last = await branch('אחרון', 'last-one');
    const open = await app.db.select().from(branches).where(eq(branches.active, true));
    for (const other of open.filter((b) => b.id !== last)) {
      const res = await call('POST', `/branches/${other.id}/close`, ceoCookie, { targetBranchId: last });
      expect(res.statusCode).toBe(200);
    }
    const refused = await call('POST', `/branches/${last}/close`, ceoCookie, { targetBranchId: last });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BRANCH_MESSAGES.lastActive);
    const patch = await call('PATCH', `/branches/${last}`, ceoCookie, { active: false });
    expect(patch.statusCode).toBe(409);
    expect(patch.json().message).toBe(BRANCH_MESSAGES.lastActive);
    const [row] = await app.db.select().from(branches).where(eq(branches.id, last));
    expect(row!.active).toBe(true);
  });
});

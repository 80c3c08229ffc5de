import { randomUUID } from 'node:crypto';
import { LEAD_STATUSES, type LeadStatus } from '@shared/domain/pipeline';
import { BOARD_COLUMN_LIMIT, LEAD_COUNT_CAP } from '@shared/schemas/pipeline';
import { PIPELINE_MESSAGES } from '@shared/schemas/pipeline-fields';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contacts, leads } from '../../../db/schema';
import { createUser } from '../../../test/factories';
import { sessionCookieFor } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';

// The table and the board at depth, on both databases (docs/decisions/0039-lists-by-keyset.md): keyset pages
// that never skip or repeat a row while leads arrive, a capped count, owners from the users table, and board
// columns with their exact totals and their next cards.

let app: TestApp;
let admin: { id: string; cookie: string };

type Person = { id: string; cookie: string; branchId: string };
type Summary = { _id: string; status: LeadStatus; createdAt: string; updatedAt: string };
type ListPage = {
  leads: Summary[];
  total: number;
  totalCapped: boolean;
  nextCursor: string | null;
  prevCursor: string | null;
  owners: { _id: string; name: string }[];
};
type Column = { status: LeadStatus; total: number; leads: Summary[]; nextCursor: string | null };

const get = (url: string, cookie: string) =>
  app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { cookie } });

async function person(overrides: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const user = await createUser(app.db, overrides);
  return { id: user.id, cookie: await sessionCookieFor(app.db, user.id), branchId: user.branchId };
}

let phoneSeq = 0;
/** Leads of `owner` inserted as they are stored (one statement), with the given times and statuses. */
async function insertLeads(
  owner: Person,
  rows: { createdAt?: Date; updatedAt?: Date; status?: LeadStatus }[],
) {
  if (rows.length === 0) return [];
  const contactRows = await app.db
    .insert(contacts)
    .values(
      rows.map(() => {
        phoneSeq += 1;
        const phone = `05${String(40_000_000 + phoneSeq).padStart(8, '0')}`;
        return { name: 'פונה', phone, phoneKey: phone.slice(1), branchId: owner.branchId };
      }),
    )
    .returning({ id: contacts.id });
  const inserted = await app.db
    .insert(leads)
    .values(
      rows.map((row, i) => ({
        contactId: contactRows[i]!.id,
        name: `ליד ${phoneSeq}-${i}`,
        phone: '0500000000',
        category: 'קונה',
        ownerId: owner.id,
        branchId: owner.branchId,
        status: row.status ?? 'new',
        ...(row.createdAt ? { createdAt: row.createdAt } : {}),
        ...(row.updatedAt ? { updatedAt: row.updatedAt } : {}),
      })),
    )
    .returning({ id: leads.id });
  return inserted.map((r) => r.id);
}

const listOf = async (url: string, cookie: string) => {
  const res = await get(url, cookie);
  expect(res.statusCode).toBe(200);
  return res.json().data as ListPage;
};

/** In the table's order: newer first, then the larger id (as the database compares uuids: their text). */
const inListOrder = (a: Summary, b: Summary) =>
  a.createdAt === b.createdAt ? (a._id < b._id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1;

beforeAll(async () => {
  app = await createTestApp();
  const user = await createUser(app.db, { role: 'admin', name: 'מנהלת רשימות' });
  admin = { id: user.id, cookie: await sessionCookieFor(app.db, user.id) };
});

describe('the leads table by keyset', { timeout: 120_000 }, () => {
  it('pages forward and back over every lead once while leads arrive between page reads', async () => {
    const owner = await person({ name: 'סוכנת עמודים' });
    // 40 leads at one instant (microseconds included: only the id orders them) among 50 at their own times.
    const sameMoment = new Date('2026-03-01T08:00:00.123Z');
    const original = await insertLeads(owner, [
      ...Array.from({ length: 40 }, () => ({ createdAt: sameMoment })),
      ...Array.from({ length: 50 }, (_, i) => ({ createdAt: new Date(Date.UTC(2026, 1, 1 + (i % 25), i)) })),
    ]);
    const arrivals = async () =>
      insertLeads(owner, [{}, { createdAt: sameMoment }, { createdAt: new Date('2020-01-01T00:00:00Z') }]);

    for (const viewer of [owner, { ...owner, cookie: admin.cookie }]) {
      const filter = viewer.cookie === admin.cookie ? `ownerId=${owner.id}&` : '';
      const seen: Summary[] = [];
      let page = await listOf(`/pipeline/leads?${filter}pageSize=10`, viewer.cookie);
      expect(page.prevCursor).toBeNull();
      const forward: ListPage[] = [page];
      for (;;) {
        seen.push(...page.leads);
        await arrivals();
        if (!page.nextCursor) break;
        page = await listOf(`/pipeline/leads?${filter}pageSize=10&cursor=${page.nextCursor}`, viewer.cookie);
        forward.push(page);
      }
      const ids = seen.map((l) => l._id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of original) expect(ids).toContain(id);
      expect(seen).toEqual([...seen].sort(inListOrder));

      // Back from the last page to the first, with more arriving: every row of the way once more, in order.
      const back: Summary[] = [];
      let prev = forward.at(-1)!;
      while (prev.prevCursor) {
        await arrivals();
        prev = await listOf(`/pipeline/leads?${filter}pageSize=10&cursor=${prev.prevCursor}`, viewer.cookie);
        back.unshift(...prev.leads);
      }
      const backIds = back.map((l) => l._id);
      expect(new Set(backIds).size).toBe(backIds.length);
      expect(back).toEqual([...back].sort(inListOrder));
      const walkedForward = forward.slice(0, -1).flatMap((p) => p.leads.map((l) => l._id));
      for (const id of walkedForward) expect(backIds).toContain(id);
    }
  });

  it('counts up to the cap, exactly below it, and refuses a cursor it did not give', async () => {
    const owner = await person({ name: 'סוכן הרבה' });
    await insertLeads(owner, [
      ...Array.from({ length: LEAD_COUNT_CAP + 5 }, () => ({})),
      ...Array.from({ length: 3 }, () => ({ status: 'deal' as const })),
    ]);
    const all = await listOf(`/pipeline/leads?ownerId=${owner.id}`, admin.cookie);
    expect(all).toMatchObject({ total: LEAD_COUNT_CAP, totalCapped: true });
    const deals = await listOf(`/pipeline/leads?ownerId=${owner.id}&status=deal`, admin.cookie);
    expect(deals).toMatchObject({ total: 3, totalCapped: false, nextCursor: null, prevCursor: null });
    expect(deals.leads).toHaveLength(3);

    for (const cursor of ['nonsense', Buffer.from('n|2026-01-01|x').toString('base64url')]) {
      const res = await get(`/pipeline/leads?cursor=${cursor}`, admin.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PIPELINE_MESSAGES.badCursor);
    }
  });

  it('offers an admin the people of the users table as owners, those without leads too', async () => {
    const idle = await person({ name: 'סוכן בלי לידים' });
    const page = await listOf('/pipeline/leads?pageSize=1', admin.cookie);
    expect(page.owners.map((o) => o._id)).toContain(idle.id);
    expect(page.owners.map((o) => o.name)).toEqual(
      [...page.owners.map((o) => o.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    expect((await listOf('/pipeline/leads?pageSize=1', idle.cookie)).owners).toEqual([]);
  });
});

describe('the board by columns', () => {
  it('gives each column its exact total and first cards, and the rest through "more" without repeats', async () => {
    const owner = await person({ name: 'סוכנת לוח' });
    const sameMoment = new Date('2026-04-01T09:00:00.000Z');
    const plan: Partial<Record<LeadStatus, number>> = { new: 47, contacted: 3, deal: 21, lost: 0 };
    for (const [status, n] of Object.entries(plan) as [LeadStatus, number][])
      await insertLeads(
        owner,
        Array.from({ length: n }, (_, i) => ({
          status,
          updatedAt: i % 2 ? sameMoment : new Date(Date.UTC(2026, 2, 1 + i)),
        })),
      );

    const board = (await get('/pipeline/board', owner.cookie)).json().data.columns as Column[];
    expect(board.map((c) => c.status)).toEqual([...LEAD_STATUSES]);
    for (const column of board) {
      const [real] = await app.db
        .select({ n: count() })
        .from(leads)
        .where(and(eq(leads.ownerId, owner.id), eq(leads.status, column.status)));
      expect(column.total).toBe(real!.n);
      expect(column.leads).toHaveLength(Math.min(real!.n, BOARD_COLUMN_LIMIT));
      expect(column.nextCursor === null).toBe(real!.n <= BOARD_COLUMN_LIMIT);

      const cards = [...column.leads];
      let cursor = column.nextCursor;
      while (cursor) {
        const res = await get(
          `/pipeline/board/column?status=${column.status}&cursor=${cursor}`,
          owner.cookie,
        );
        expect(res.statusCode).toBe(200);
        const more = res.json().data as Omit<Column, 'total'>;
        expect(more.leads.length).toBeLessThanOrEqual(BOARD_COLUMN_LIMIT);
        cards.push(...more.leads);
        cursor = more.nextCursor;
      }
      expect(new Set(cards.map((c) => c._id)).size).toBe(real!.n);
      expect(cards.every((c) => c.status === column.status)).toBe(true);
      const byChange = (a: Summary, b: Summary) =>
        a.updatedAt === b.updatedAt ? (a._id < b._id ? 1 : -1) : a.updatedAt < b.updatedAt ? 1 : -1;
      expect(cards).toEqual([...cards].sort(byChange));
    }

    // Another agent cannot read this owner's column, and a cursor of its own kind is required.
    const other = await person();
    const newColumn = board[0]!;
    expect(
      (
        await get(
          `/pipeline/board/column?status=new&ownerId=${owner.id}&cursor=${newColumn.nextCursor}`,
          other.cookie,
        )
      ).statusCode,
    ).toBe(403);
    const mine = (
      await get(`/pipeline/board/column?status=new&cursor=${newColumn.nextCursor}`, other.cookie)
    ).json();
    expect(mine.data.leads).toEqual([]);
    expect(
      (await get(`/pipeline/board/column?status=new&cursor=${randomUUID()}`, owner.cookie)).statusCode,
    ).toBe(400);
  });
});

describe('the lists are never kept', () => {
  it('answers the table and the board no-store, with no ETag to revalidate', async () => {
    for (const url of ['/pipeline/leads', '/pipeline/board']) {
      const res = await get(url, admin.cookie);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
    }
  });
});

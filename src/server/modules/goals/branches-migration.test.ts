import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { databaseBeforeMigration, rowsOf } from '../../test/migration-fixture';
import { scoreboard } from '../indicators';
import { allPerformance, companyPerformance } from './performance';

/**
 * Migration branches puts every existing row into one first branch, named from the agency settings: the
 * scoreboard, the performance tables and the company row of every month with data read the same after it.
 */
let handle: DatabaseHandle;
const MONTHS = [
  { year: 2025, month: 11 },
  { year: 2025, month: 12 },
  { year: 2026, month: 1 },
];
const TABLES = ['users', 'properties', 'contacts', 'leads', 'lead_activities', 'indicators', 'goals'];

const figures = async () =>
  Promise.all(
    MONTHS.map(async ({ year, month }) => ({
      scoreboard: await scoreboard(handle.db, year, month),
      // The counts: the deals' money came with later migrations than this one.
      performance: await allPerformance(handle.db, year, month, { all: true }, { money: false }),
      company: await companyPerformance(handle.db, year, month, { all: true }, { money: false }),
    })),
  );
const counts = async () =>
  Promise.all(
    TABLES.map(async (table) => {
      const [row] = await rowsOf<{ n: number }>(
        handle,
        sql`select count(*)::int as n from ${sql.identifier(table)}`,
      );
      return [table, row!.n];
    }),
  );

let before: Awaited<ReturnType<typeof figures>>;
let countsBefore: Awaited<ReturnType<typeof counts>>;

async function writeAgencyAsItWas() {
  const db = handle.db;
  await db.execute(
    sql`insert into agency_settings (id, data) values (1, ${JSON.stringify({
      agencyName: 'נדל"ן הצפון',
      city: 'חיפה',
      address: 'שדרות הנשיא 1',
      phone: '04-555-0000',
      email: 'north@example.com',
      officeHours: 'א׳-ה׳ 9:00-17:00',
    })}::jsonb)`,
  );
  const user = (email: string, role: string, companyRole: string | null, active = true) =>
    db.execute(sql`insert into users (name, email, role, company_role, password_hash, active, created_at)
        values (${email.split('@')[0]}, ${email}, ${role}, ${companyRole}, 'x', ${active}, '2025-01-01T00:00:00Z')`);
  await user('dana@example.com', 'agent', null);
  await user('eli@example.com', 'agent', null);
  await user('gone@example.com', 'agent', null, false);
  await user('boss@example.com', 'admin', 'מנכ"ל הרשת');
  await user('lead@example.com', 'admin', 'יועץ נדל"ן מוביל');
  const id = (email: string) => sql`(select id from users where email = ${email})`;
  const entry = (email: string, at: string, meetings: number, deals: number, exclusives = 0) =>
    db.execute(sql`insert into indicators (agent_id, meetings, deals, exclusives, created_at)
        values (${id(email)}, ${meetings}, ${deals}, ${exclusives}, ${at})`);
  await entry('dana@example.com', '2025-11-03T08:00:00Z', 3, 1, 1);
  await entry('dana@example.com', '2025-12-30T22:30:00Z', 2, 0); // 31.12 in Israel
  await entry('eli@example.com', '2025-12-10T08:00:00Z', 5, 2);
  await entry('gone@example.com', '2025-11-20T08:00:00Z', 1, 0);
  await entry('lead@example.com', '2026-01-05T08:00:00Z', 4, 1, 2);
  const goal = (email: string, year: number, month: number, meetings: number) =>
    db.execute(
      sql`insert into goals (agent_id, year, month, meetings, deals) values (${id(email)}, ${year}, ${month}, ${meetings}, 2)`,
    );
  await goal('dana@example.com', 2025, 12, 10);
  await goal('eli@example.com', 2025, 12, 8);
  await goal('gone@example.com', 2026, 1, 5);
  await db.execute(sql`insert into properties (type_transaction, city, address, price, category, agent_id)
      values ('sale', 'חיפה', 'הרצל 1', 1500000, 'דירה', ${id('dana@example.com')})`);
  await db.execute(
    sql`insert into contacts (name, phone, phone_key) values ('קונה', '0501234567', '+972501234567')`,
  );
  await db.execute(sql`insert into leads (contact_id, name, phone, category, owner_id)
      values ((select id from contacts), 'קונה', '0501234567', 'קונה', ${id('eli@example.com')})`);
  await db.execute(sql`insert into lead_activities (lead_id, kind, agent_id)
      values ((select id from leads), 'call', ${id('eli@example.com')})`);
}

beforeAll(async () => {
  handle = await databaseBeforeMigration('branches');
  await writeAgencyAsItWas();
  before = await figures();
  countsBefore = await counts();
  await handle.migrate();
}, 300_000);
afterAll(() => handle?.close());

it('keeps the scoreboard, the performance tables and the company row of every month as they were', async () => {
  expect(before.flatMap((m) => m.scoreboard).length).toBeGreaterThan(0);
  expect(before[1]!.company.meetings.actual).toBe(7);
  expect(await figures()).toEqual(before);
  expect(await counts()).toEqual(countsBefore);
});

it('puts every row in one branch named and reached as the agency settings say', async () => {
  const branches = await rowsOf<Record<string, unknown>>(
    handle,
    sql`select name, slug, city, address, phone, email, opening_hours, active from branches`,
  );
  expect(branches).toEqual([
    {
      name: 'נדל"ן הצפון',
      slug: 'main',
      city: 'חיפה',
      address: 'שדרות הנשיא 1',
      phone: '04-555-0000',
      email: 'north@example.com',
      opening_hours: 'א׳-ה׳ 9:00-17:00',
      active: true,
    },
  ]);
  for (const table of [...TABLES, 'user_role_history']) {
    const rows = await rowsOf<{ n: number }>(
      handle,
      sql`select count(*)::int as n from ${sql.identifier(table)} where branch_id is distinct from (select id from branches)`,
    );
    expect([table, rows[0]!.n]).toEqual([table, 0]);
  }
});

it('gives every admin the whole network, as before, and no agent', async () => {
  const rows = await rowsOf<{ email: string; network_access: boolean }>(
    handle,
    sql`select email, network_access from users order by email`,
  );
  expect(rows.filter((r) => r.network_access).map((r) => r.email)).toEqual([
    'boss@example.com',
    'lead@example.com',
  ]);
});

it('files a row written without a branch under its parent, and a move opens a new dated period', async () => {
  await handle.db.execute(sql`insert into branches (name, slug) values ('חיפה', 'haifa')`);
  const haifa = sql`(select id from branches where slug = 'haifa')`;
  await handle.db.execute(sql`update users set branch_id = ${haifa} where email = 'dana@example.com'`);
  await handle.db.execute(sql`insert into properties (type_transaction, city, address, price, category, agent_id)
      values ('sale', 'חיפה', 'הרצל 2', 1600000, 'דירה', (select id from users where email = 'dana@example.com'))`);
  const [property] = await rowsOf<{ slug: string }>(
    handle,
    sql`select b.slug from properties p join branches b on b.id = p.branch_id where p.address = 'הרצל 2'`,
  );
  expect(property!.slug).toBe('haifa');
  const periods = await rowsOf<{ slug: string; open: boolean }>(
    handle,
    sql`select b.slug, h.valid_until is null as open from user_role_history h join branches b on b.id = h.branch_id
        where h.user_id = (select id from users where email = 'dana@example.com') order by h.valid_from nulls first`,
  );
  expect(periods).toEqual([
    { slug: 'main', open: false },
    { slug: 'haifa', open: true },
  ]);
});

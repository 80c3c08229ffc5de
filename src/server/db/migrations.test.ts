import { normalizeIsraeliMobile } from '@shared/domain/phone';
import { ROUTING_REASONS } from '@shared/domain/routing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBeforeMigration, rowsOf } from '../test/migration-fixture';
import type { DatabaseHandle } from './client';

/**
 * Migrations that change existing data: users written before the first of them (user_gender), then every
 * migration run over them as a server start would, and what the rows say after. Migrating an empty database
 * from the start takes a minute or more on a busy machine: the ceiling is generous.
 */
let handle: DatabaseHandle;
const MIGRATING = 300_000;

const insertUser = (email: string, companyRole: string | null, role: string, createdAt: string) =>
  sql`insert into users (name, email, role, company_role, password_hash, created_at)
      values ('משתמש', ${email}, ${role}, ${companyRole}, 'x', ${createdAt})`;

beforeAll(async () => {
  handle = await databaseBeforeMigration('user_gender');
  await handle.db.execute(insertUser('a@example.com', 'יועצת נדל"ן מובילה', 'agent', '2024-03-01T10:00:00Z'));
  await handle.db.execute(insertUser('b@example.com', 'מנהלת משרד', 'admin', '2024-04-01T10:00:00Z'));
  await handle.db.execute(insertUser('c@example.com', 'יועץ נדל"ן מוביל', 'agent', '2025-01-01T10:00:00Z'));
  await handle.db.execute(insertUser('d@example.com', null, 'admin', '2025-02-01T10:00:00Z'));
  await insertLeads();
  await handle.migrate();
}, MIGRATING);
afterAll(() => handle?.close());

// Leads and inquiries as they were before the pipeline: one home-form lead and one inquiry from the same mobile
// (written differently), two leads from one landline (never merged), an inquiry sent to an agent.
const LEADS_BEFORE = [
  { name: 'פונה א', phone: '050-123 4567', message: null, agent: null, at: '2025-01-01T10:00:00Z' },
  {
    name: 'פונה א בשם אחר',
    phone: '+972 50 123 4567',
    message: 'שלום',
    agent: 'a',
    at: '2025-02-01T10:00:00Z',
  },
  { name: 'קווי', phone: '04-8123456', message: null, agent: null, at: '2025-03-01T10:00:00Z' },
  { name: 'קווי שוב', phone: '04-8123456', message: null, agent: null, at: '2025-03-02T10:00:00Z' },
  { name: 'פונה ב', phone: '\u200f0541112222', message: '', agent: 'c', at: '2025-04-01T10:00:00Z' },
];

async function insertLeads() {
  for (const lead of LEADS_BEFORE) {
    const agent = lead.agent
      ? sql`(select id from users where email = ${`${lead.agent}@example.com`})`
      : sql`null`;
    await handle.db.execute(
      sql`insert into leads (name, phone, category, message, agent_id, created_at)
          values (${lead.name}, ${lead.phone}, 'קונה', ${lead.message}, ${agent}, ${lead.at})`,
    );
  }
}

describe('pipeline', () => {
  type Moved = {
    name: string;
    source: string;
    status: string;
    message: string;
    owner: string | null;
    routing_reason: string;
    contact_id: string;
    phone_key: string | null;
  };
  const moved = () =>
    rowsOf<Moved>(
      handle,
      sql`select l.name, l.source, l.status, l.message, u.email as owner, l.routing_reason, l.contact_id,
            c.phone_key
          from leads l join contacts c on c.id = l.contact_id left join users u on u.id = l.owner_id
          where l.name like 'פונה%' or l.name like 'קווי%'
          order by l.created_at`,
    );

  it('keeps every lead, each on a contact keyed by its normalized mobile number', async () => {
    const rows = await moved();
    expect(rows).toHaveLength(LEADS_BEFORE.length);
    expect(rows.map((r) => r.phone_key)).toEqual([
      normalizeIsraeliMobile(LEADS_BEFORE[0]!.phone),
      normalizeIsraeliMobile(LEADS_BEFORE[1]!.phone),
      null,
      null,
      normalizeIsraeliMobile(LEADS_BEFORE[4]!.phone),
    ]);
    expect(rows[4]!.phone_key).toBe('+972541112222');
    // The same mobile written twice is one contact; one landline's two leads are two contacts.
    expect(rows[0]!.contact_id).toBe(rows[1]!.contact_id);
    expect(rows[2]!.contact_id).not.toBe(rows[3]!.contact_id);
    const [{ n }] = (await rowsOf<{ n: number }>(handle, sql`select count(*)::int as n from contacts`)) as [
      { n: number },
    ];
    expect(n).toBe(4);
  });

  it('makes them new leads with their agent as owner, else the office manager, with the source and reason', async () => {
    const rows = await moved();
    expect(rows.map((r) => [r.source, r.status, r.message, r.owner])).toEqual([
      ['homeForm', 'new', '', 'b@example.com'],
      ['propertyInquiry', 'new', 'שלום', 'a@example.com'],
      ['homeForm', 'new', '', 'b@example.com'],
      ['homeForm', 'new', '', 'b@example.com'],
      ['propertyInquiry', 'new', '', 'c@example.com'],
    ]);
    expect(rows[0]!.routing_reason).toBe(ROUTING_REASONS.fallback);
    expect(rows[1]!.routing_reason).toBe(ROUTING_REASONS.propertyAgent);
  });
});

describe('user_gender', () => {
  it('makes women of the users whose title is written in the feminine, and keeps everyone', async () => {
    const rows = await rowsOf<{ email: string; gender: string }>(
      handle,
      sql`select email, gender from users order by email`,
    );
    expect(rows).toEqual([
      { email: 'a@example.com', gender: 'female' },
      { email: 'b@example.com', gender: 'female' },
      { email: 'c@example.com', gender: 'male' },
      { email: 'd@example.com', gender: 'male' },
    ]);
  });
});

type Period = { email: string; role: string; valid_from: Date | null; valid_until: Date | null };
const history = () =>
  rowsOf<Period & { recorded_at: Date }>(
    handle,
    sql`select u.email, h.role, h.valid_from, h.valid_until, h.recorded_at
        from user_role_history h join users u on u.id = h.user_id
        order by u.email, h.valid_from nulls first`,
  );

describe('role_history', () => {
  it("gives each existing user one period with today's role, recorded at its creation date", async () => {
    const rows = await history();
    expect(rows.map((r) => [r.email, r.role, r.valid_from, r.valid_until])).toEqual([
      ['a@example.com', 'agent', null, null],
      ['b@example.com', 'admin', null, null],
      ['c@example.com', 'agent', null, null],
      ['d@example.com', 'admin', null, null],
    ]);
    expect(new Date(rows[0]!.recorded_at).toISOString()).toBe('2024-03-01T10:00:00.000Z');
  });

  it("records a change made by any writer afterwards, and a new user's first period", async () => {
    await handle.db.execute(sql`update users set role = 'admin' where email = 'c@example.com'`);
    await handle.db.execute(sql`update users set name = 'שם אחר' where email = 'a@example.com'`);
    await handle.db.execute(insertUser('e@example.com', null, 'agent', '2026-01-01T10:00:00Z'));
    const rows = (await history()).filter((r) => r.email !== 'b@example.com' && r.email !== 'd@example.com');
    expect(rows.map((r) => [r.email, r.role, r.valid_from === null, r.valid_until === null])).toEqual([
      ['a@example.com', 'agent', true, true],
      ['c@example.com', 'agent', true, false],
      ['c@example.com', 'admin', false, true],
      ['e@example.com', 'agent', true, true],
    ]);
    expect(rows[1]!.valid_until).toEqual(rows[2]!.valid_from);
  });

  it('keeps the second of two changes in one transaction as one period', async () => {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`update users set role = 'agent' where email = 'd@example.com'`);
      await tx.execute(
        sql`update users set company_role = 'מנהל טכנולוגיות (CTO)', role = 'admin' where email = 'd@example.com'`,
      );
    });
    const rows = (await history()).filter((r) => r.email === 'd@example.com');
    expect(rows.map((r) => [r.role, r.valid_until === null])).toEqual([
      ['admin', false],
      ['admin', true],
    ]);
  });
});

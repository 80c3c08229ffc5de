import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { leadActivities } from '../../db/schema';
import { databaseBeforeMigration } from '../../test/migration-fixture';
import { statementOf } from './statements';

/**
 * Migration deal_side_fees adds a deal's fee per side with its VAT choice. A deal logged before it is a
 * commission typed before VAT: it gets no sides, both flags "before VAT", and its statement stays as it was.
 */
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await databaseBeforeMigration('deal_side_fees');
  const db = handle.db;
  await db.execute(sql`insert into branches (id, name, slug, city)
    values ('00000000-0000-4000-8000-000000000001', 'סניף ותיק', 'old-branch', 'חיפה')`);
  await db.execute(sql`insert into users (id, name, email, role, password_hash, branch_id)
    values ('00000000-0000-4000-8000-000000000002', 'סוכנת ותיקה', 'old@example.com', 'agent', 'x',
      '00000000-0000-4000-8000-000000000001')`);
  await db.execute(sql`insert into contacts (id, name, phone, branch_id)
    values ('00000000-0000-4000-8000-000000000005', 'פונה', '0521234567', '00000000-0000-4000-8000-000000000001')`);
  await db.execute(sql`insert into leads (id, contact_id, name, phone, category, branch_id, owner_id, routing_reason)
    values ('00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000005', 'פונה', '0521234567', 'קונה',
      '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', 'ידני')`);
  await db.execute(sql`insert into fee_plans (branch_id, effective_from, royalty_bp, split_kind, agent_bp)
    values ('00000000-0000-4000-8000-000000000001', '2026-01-01', 600, 'fixed', 5000)`);
  await db.execute(sql`insert into lead_activities
      (id, lead_id, kind, agent_id, branch_id, occurred_at, price, commission)
    values ('00000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-000000000003', 'deal',
      '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001',
      '2026-05-10T10:00:00Z', 500000, 10000)`);
  await handle.migrate();
}, 300_000);
afterAll(() => handle?.close());

it("keeps a deal logged before the sides as one fee before VAT, and its statement's figures", async () => {
  const [deal] = await handle.db
    .select()
    .from(leadActivities)
    .where(eq(leadActivities.id, '00000000-0000-4000-8000-000000000004'));
  expect(deal).toMatchObject({
    commission: 10_000,
    buyerSideFee: null,
    buyerSideFeeIncludesVat: false,
    sellerSideFee: null,
    sellerSideFeeIncludesVat: false,
  });
  const statement = await statementOf(handle.db, deal!);
  // 10,000 ₪ before VAT, 18% VAT, 6% royalty, the agent's 50% of the rest: as before the migration.
  expect(statement.net).toBe(10_000_00);
  expect(statement.total).toBe(11_800_00);
  expect(statement.lines.map((l) => [l.kind, l.amount])).toEqual([
    ['vat', 1_800_00],
    ['royalty', 600_00],
    ['agent', 4_700_00],
    ['branch', 4_700_00],
  ]);
});

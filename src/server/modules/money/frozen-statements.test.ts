import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, branches, contacts, dealRecords, feePlans, leadActivities, leads } from '../../db/schema';
import { createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

// A statement frozen at invoicing (decision 0062), on both databases: once a deal's fee is invoiced, its
// statement (single, month statements, royalties) is the copy stored then; a plan added later over its date or a
// correction of an earlier deal moves the deals not invoiced only. Back to signed it is computed again; a
// cancelled deal keeps its copy.

let app: TestApp;
type Person = { id: string; cookie: string };
let branchId = '';
let manager: Person;
let ceo: Person;
let agent: Person;
const MONTH = '2026-04';

const call = (method: 'GET' | 'PATCH', url: string, who: Person, payload?: object) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });

let phoneCounter = 5_400_000;
async function deal(on: string, commission: number) {
  const phone = `052${phoneCounter++}`;
  const [contact] = await app.db.insert(contacts).values({ name: 'פונה', phone, branchId }).returning();
  const [lead] = await app.db
    .insert(leads)
    .values({
      contactId: contact!.id,
      name: 'פונה',
      phone,
      category: 'קונה',
      ownerId: agent.id,
      branchId,
      routingReason: 'ידני',
    })
    .returning();
  const [row] = await app.db
    .insert(leadActivities)
    .values({
      leadId: lead!.id,
      kind: 'deal',
      agentId: agent.id,
      branchId,
      occurredAt: new Date(`${on}T10:00:00Z`),
      price: commission * 50,
      commission,
    })
    .returning();
  await app.db.insert(dealRecords).values({ activityId: row!.id });
  return row!.id;
}

type Statement = { total: number; net: number; frozenAt?: string; lines: { kind: string; amount: number }[] };
const statementOf = async (id: string): Promise<Statement> => {
  const res = await call('GET', `/deals/${id}/statement`, manager);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.statement;
};
const amounts = (s: Statement) => s.lines.map((l) => [l.kind, l.amount]);
const setStatus = async (id: string, body: object) => {
  const res = await call('PATCH', `/deals/${id}/status`, manager, body);
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  const [branch] = await app.db.insert(branches).values({ name: 'סניף נעילה', slug: 'm-frozen' }).returning();
  branchId = branch!.id;
  const person = async (overrides: Parameters<typeof createUser>[1]) => {
    const user = await createUser(app.db, { branchId, ...overrides });
    return { id: user.id, cookie: await sessionCookieFor(app.db, user.id) };
  };
  manager = await person({ role: 'admin', networkAccess: false });
  ceo = await person({ role: 'admin', networkAccess: true });
  agent = await person({ name: 'סוכנת נעילה' });
  // 6% royalty up to 1,000 ₪ a year, the agent's 50%.
  await app.db.insert(feePlans).values({
    branchId,
    effectiveFrom: '2026-01-01',
    royaltyBp: 600,
    royaltyCapAgorot: 100_000,
    splitKind: 'fixed',
    agentBp: 5000,
  });
});

describe('a statement frozen at invoicing', () => {
  it('stays as invoiced when a plan is added over its date or an earlier deal changes; others move', async () => {
    const earlier = await deal('2026-03-01', 10_000);
    const invoiced = await deal('2026-04-01', 10_000);
    const open = await deal('2026-04-02', 10_000);
    const before = await statementOf(invoiced);
    // The cap left 400 ₪ after the March deal's 600.
    expect(amounts(before)).toEqual([
      ['vat', 180_000],
      ['royalty', 40_000],
      ['agent', 480_000],
      ['branch', 480_000],
    ]);
    expect(before.frozenAt).toBeUndefined();
    await setStatus(invoiced, { status: 'invoiced', dueOn: '2026-05-01' });
    const frozen = await statementOf(invoiced);
    expect(frozen.frozenAt).toEqual(expect.any(String));
    const { frozenAt: _, ...copy } = frozen;
    expect(copy).toEqual(before);
    const [record] = await app.db.select().from(dealRecords).where(eq(dealRecords.activityId, invoiced));
    expect(record?.statement).toEqual({ version: 1, statement: before });

    // A plan reaching back over both dates (written directly: the API refuses a backdated plan), and the
    // March deal corrected: only the deal not invoiced follows.
    await app.db.insert(feePlans).values({
      branchId,
      effectiveFrom: '2026-02-01',
      royaltyBp: 1000,
      royaltyCapAgorot: null,
      splitKind: 'fixed',
      agentBp: 7000,
    });
    await app.db.update(leadActivities).set({ commission: 20_000 }).where(eq(leadActivities.id, earlier));
    expect(await statementOf(invoiced)).toEqual(frozen);
    // The open deal: the new plan (10%, no cap), 70% to the agent.
    expect(amounts(await statementOf(open))).toEqual([
      ['vat', 180_000],
      ['royalty', 100_000],
      ['agent', 630_000],
      ['branch', 270_000],
    ]);

    // The month statement, its CSV and the royalties read the frozen copy (computed in one batch).
    const month = (await call('GET', `/branches/${branchId}/month-statement?month=${MONTH}`, manager)).json()
      .data.statement;
    const row = month.deals.find((d: { dealId: string }) => d.dealId === invoiced);
    expect(row).toMatchObject({ net: 1_000_000, royalty: 40_000, branchShare: 480_000 });
    expect(row.shares[0].amount).toBe(480_000);
    expect(month.totals.royalty).toBe(40_000 + 100_000);
    const csv = await call('GET', `/branches/${branchId}/month-statement.csv?month=${MONTH}`, manager);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('400');
    const royalties = (await call('GET', `/royalties?month=${MONTH}`, ceo)).json().data;
    const ours = royalties.branches.find((b: { branchId: string }) => b.branchId === branchId);
    expect(ours.month.royalty).toBe(40_000 + 100_000);
    // The year: the March deal under the new plan (10% of 20,000), then the frozen 400, then the open deal.
    expect(ours.year.royalty).toBe(200_000 + 40_000 + 100_000);

    // The audit says when it was frozen.
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'lead'), eq(auditLog.action, 'update')));
    const entry = audit.find(
      (a) => (a.changes.deal?.after as { statementFrozenAt?: string } | undefined)?.statementFrozenAt,
    );
    expect(entry?.changes.deal?.before).toMatchObject({ status: 'signed', statementFrozenAt: null });
  });

  it('is computed again when the deal goes back to signed, and kept when it is cancelled', async () => {
    const id = await deal('2026-04-10', 5_000);
    await setStatus(id, { status: 'invoiced' });
    const frozen = await statementOf(id);
    expect(frozen.frozenAt).toBeDefined();
    await app.db.update(leadActivities).set({ commission: 6_000 }).where(eq(leadActivities.id, id));
    expect((await statementOf(id)).net).toBe(500_000);
    await setStatus(id, { status: 'signed' });
    const live = await statementOf(id);
    expect(live.frozenAt).toBeUndefined();
    expect(live.net).toBe(600_000);
    await setStatus(id, { status: 'invoiced' });
    expect((await statementOf(id)).net).toBe(600_000);
    await setStatus(id, { status: 'cancelled', cancelReason: 'הקונה חזר בו' });
    const [record] = await app.db.select().from(dealRecords).where(eq(dealRecords.activityId, id));
    expect(record?.status).toBe('cancelled');
    expect(record?.statement?.statement.net).toBe(600_000);
  });
});

import { israelDate } from '@shared/domain/israel-time';
import { PIPELINE_MESSAGES } from '@shared/schemas/pipeline-fields';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { branches, contacts, feePlans, leadActivities, leads } from '../../db/schema';
import { createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

// A deal's fee per side, each typed with or without VAT (docs/money.md), on both databases: logged through the
// pipeline, stored per side, the commission their sum; the statement derives the fee before VAT at the signing
// date's rate, the deals list and the later deals' tiers use that net; bad input is refused with nothing stored.

let app: TestApp;
type Person = { id: string; cookie: string };
let branchId = '';
let agent: Person;
let manager: Person;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: Person, payload?: object) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });

let phoneCounter = 5_300_000;
async function lead() {
  const phone = `052${phoneCounter++}`;
  const [contact] = await app.db.insert(contacts).values({ name: 'דנה קונה', phone, branchId }).returning();
  const [row] = await app.db
    .insert(leads)
    .values({
      contactId: contact!.id,
      name: 'דנה קונה',
      phone,
      category: 'קונה',
      ownerId: agent.id,
      branchId,
      routingReason: 'ידני',
      createdAt: new Date(Date.now() - 86_400_000),
    })
    .returning();
  return row!.id;
}

const logDeal = async (leadId: string, body: object) =>
  call('POST', `/pipeline/leads/${leadId}/activities`, agent, {
    kind: 'deal',
    price: 2_000_000,
    noOrderReason: 'הזמנה בנייר',
    confirmSecondDeal: true,
    ...body,
  });

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  const [branch] = await app.db.insert(branches).values({ name: 'סניף צדדים', slug: 'm-sides' }).returning();
  branchId = branch!.id;
  const agentRow = await createUser(app.db, { branchId, name: 'סוכנת צדדים' });
  agent = { id: agentRow.id, cookie: await sessionCookieFor(app.db, agentRow.id) };
  const managerRow = await createUser(app.db, { branchId, role: 'admin', networkAccess: false });
  manager = { id: managerRow.id, cookie: await sessionCookieFor(app.db, managerRow.id) };
  // Tiers: 50% up to 20,000 ₪ of gross in the year, 70% above (the second deal tells which net was counted).
  await app.db.insert(feePlans).values({
    branchId,
    effectiveFrom: '2020-01-01',
    royaltyBp: 0,
    splitKind: 'tiers',
    tiers: [
      { fromAgorot: 0, agentBp: 5000 },
      { fromAgorot: 20_000_00, agentBp: 7000 },
    ],
  });
});

describe("a deal's fee per side", () => {
  it('stores each side with its VAT choice and derives the fee before VAT at the signing date’s rate', async () => {
    const leadId = await lead();
    const res = await logDeal(leadId, {
      buyerSideFee: 11_800,
      buyerSideFeeIncludesVat: true,
      sellerSideFee: 10_000,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await app.db.select().from(leadActivities).where(eq(leadActivities.leadId, leadId));
    expect(row).toMatchObject({
      commission: 21_800,
      buyerSideFee: 11_800,
      buyerSideFeeIncludesVat: true,
      sellerSideFee: 10_000,
      sellerSideFeeIncludesVat: false,
    });
    const statement = (await call('GET', `/deals/${row!.id}/statement`, agent)).json().data.statement;
    // 18% today: 11,800 with VAT is 10,000 before it; the seller's 10,000 gets 1,800 on top.
    expect(statement).toMatchObject({ net: 20_000_00, total: 23_600_00, vatBp: 1800 });
    expect(statement.lines[0]).toMatchObject({ kind: 'vat', amount: 3_600_00 });
    expect(statement.lines[0].rule).toContain('הכלולים בעמלה של');
    expect(statement.lines[0].rule).toContain('חצי אגורה כלפי מעלה');
    expect(statement.lines.reduce((a: number, l: { amount: number }) => a + l.amount, 0)).toBe(23_600_00);
    // 20,000 ₪ before VAT at 50%: the agent reaches the next tier exactly.
    expect(statement.lines.find((l: { kind: string }) => l.kind === 'agent').amount).toBe(10_000_00);

    // The list (computed in one batch) shows the same fee before VAT and what the client pays.
    const month = israelDate().slice(0, 7);
    const list = (await call('GET', `/deals?from=${month}&to=${month}`, manager)).json().data;
    expect(list.deals).toHaveLength(1);
    expect(list.deals[0]).toMatchObject({ fee: 20_000_00, due: 23_600_00 });
    // Her year's gross is the fee before VAT, not the sum as typed.
    expect((await call('GET', `/deals?from=${month}&to=${month}`, agent)).json().data.progress.gross).toBe(
      20_000_00,
    );

    // A later deal counts the first one's net in her gross: all of it in the 70% tier.
    const second = await logDeal(await lead(), { sellerSideFee: 1_180, sellerSideFeeIncludesVat: true });
    expect(second.statusCode, second.body).toBe(201);
    const later = (await call('GET', `/deals/${second.json().data.activity._id}/statement`, agent)).json()
      .data.statement;
    expect(later.net).toBe(1_000_00);
    expect(later.lines.find((l: { kind: string }) => l.kind === 'agent')).toMatchObject({ amount: 700_00 });
    const again = (await call('GET', `/deals?from=${month}&to=${month}`, manager)).json().data;
    expect(again.deals.map((d: { fee: number }) => d.fee)).toEqual([20_000_00, 1_000_00]);
  });

  it('corrects a deal per side, and moves a one-figure deal to its sides', async () => {
    const leadId = await lead();
    const res = await logDeal(leadId, { commission: 10_000 });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.activity._id;
    const patched = await call('PATCH', `/pipeline/activities/${id}`, agent, {
      commission: null,
      buyerSideFee: 5_900,
      buyerSideFeeIncludesVat: true,
      sellerSideFee: 5_000,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data.activity).toMatchObject({
      commission: 10_900,
      buyerSideFee: 5_900,
      buyerSideFeeIncludesVat: true,
      sellerSideFee: 5_000,
      sellerSideFeeIncludesVat: false,
    });
    // One side changed: the commission follows.
    const seller = await call('PATCH', `/pipeline/activities/${id}`, agent, { sellerSideFee: 6_000 });
    expect(seller.json().data.activity).toMatchObject({ commission: 11_900, buyerSideFeeIncludesVat: true });
    const statement = (await call('GET', `/deals/${id}/statement`, agent)).json().data.statement;
    expect(statement.net).toBe(5_000_00 + 6_000_00);
  });

  it('refuses a side fee over the price, a commission other than the sides, or sides on another kind', async () => {
    const leadId = await lead();
    const over = await logDeal(leadId, { price: 100_000, buyerSideFee: 60_000, sellerSideFee: 50_000 });
    expect(over.statusCode).toBe(400);
    expect(over.json().fieldErrors.buyerSideFee).toBe(PIPELINE_MESSAGES.commissionOverPrice);
    const mismatch = await logDeal(leadId, { commission: 1_000, buyerSideFee: 2_000 });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fieldErrors.commission).toBe(PIPELINE_MESSAGES.commissionNotSides);
    const badFlag = await logDeal(leadId, { buyerSideFee: 2_000, buyerSideFeeIncludesVat: 'כן' });
    expect(badFlag.statusCode).toBe(400);
    expect(badFlag.json().fieldErrors.buyerSideFeeIncludesVat).toBe(PIPELINE_MESSAGES.vatChoiceInvalid);
    const call_ = await call('POST', `/pipeline/leads/${leadId}/activities`, agent, {
      kind: 'call',
      buyerSideFee: 2_000,
    });
    expect(call_.statusCode).toBe(400);
    expect(call_.json().fieldErrors.buyerSideFee).toBe(PIPELINE_MESSAGES.amountNotForKind);
    const stored = await app.db.select().from(leadActivities).where(eq(leadActivities.leadId, leadId));
    expect(stored).toHaveLength(0);
  });
});

import { DEAL_MESSAGES } from '@shared/schemas/deals';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { branches, contacts, dealRecords, leadActivities, leadReferrals, leads } from '../../../db/schema';
import { createProperty, createUser } from '../../../test/factories';
import { sessionCookieFor } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';

// A deal on a property of another branch (issue 36, "Bad input"), on both databases: refused with a Hebrew
// message on `propertyId` and nothing stored, until the lead was referred between the two branches and the
// referral accepted; a deal on the branch's own property needs none.

let app: TestApp;
const ids = { haifa: '', herzliya: '' };
let agent: { id: string; cookie: string };

let phoneCounter = 5_500_000;
async function leadOn(propertyBranchId: string) {
  const property = await createProperty(app.db, { branchId: propertyBranchId });
  const phone = `052${phoneCounter++}`;
  const [contact] = await app.db
    .insert(contacts)
    .values({ name: 'קונה', phone, branchId: ids.haifa })
    .returning();
  const [lead] = await app.db
    .insert(leads)
    .values({
      contactId: contact!.id,
      name: 'קונה',
      phone,
      category: 'קונה',
      ownerId: agent.id,
      branchId: ids.haifa,
      routingReason: 'ידני',
      propertyId: property.id,
    })
    .returning();
  return lead!.id;
}

const logDeal = (leadId: string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/pipeline/leads/${leadId}/activities`,
    headers: { cookie: agent.cookie },
    payload: { kind: 'deal', price: 1_500_000, commission: 30_000, noOrderReason: 'נחתם בנייר' },
  });

const stored = async (leadId: string) => ({
  deals: await app.db
    .select({ id: leadActivities.id })
    .from(leadActivities)
    .where(and(eq(leadActivities.leadId, leadId), eq(leadActivities.kind, 'deal'))),
  records: (await app.db.select().from(dealRecords)).length,
});

beforeAll(async () => {
  app = await createTestApp();
  const rows = await app.db
    .insert(branches)
    .values([
      { name: 'סניף חיפה', slug: 'p-haifa', city: 'חיפה' },
      { name: 'סניף הרצליה', slug: 'p-herzliya', city: 'הרצליה' },
    ])
    .returning();
  [ids.haifa, ids.herzliya] = rows.map((r) => r.id) as [string, string];
  const user = await createUser(app.db, { branchId: ids.haifa });
  agent = { id: user.id, cookie: await sessionCookieFor(app.db, user.id) };
});

describe("a deal on another branch's property", () => {
  it('is refused on propertyId, nothing stored, until a referral between the branches is accepted', async () => {
    const leadId = await leadOn(ids.herzliya);
    const before = await stored(leadId);
    const refused = await logDeal(leadId);
    expect(refused.statusCode).toBe(400);
    const message = DEAL_MESSAGES.propertyOfOtherBranch('סניף הרצליה');
    expect(message).toBe('הנכס שייך לסניף הרצליה: עסקה עליו נרשמת רק אחרי הפניה מאושרת של הליד בין הסניפים');
    expect(refused.json().fieldErrors).toEqual({ propertyId: message });
    expect(await stored(leadId)).toEqual(before);

    // A referral still pending does not count; accepted, the deal is logged.
    const [referral] = await app.db
      .insert(leadReferrals)
      .values({ leadId, fromBranchId: ids.herzliya, toBranchId: ids.haifa, feePercent: 25 })
      .returning();
    expect((await logDeal(leadId)).statusCode).toBe(400);
    await app.db
      .update(leadReferrals)
      .set({ status: 'accepted', decidedAt: new Date() })
      .where(eq(leadReferrals.id, referral!.id));
    const res = await logDeal(leadId);
    expect(res.statusCode, res.body).toBe(201);
  });

  it("needs no referral on the branch's own property", async () => {
    const res = await logDeal(await leadOn(ids.haifa));
    expect(res.statusCode, res.body).toBe(201);
  });
});

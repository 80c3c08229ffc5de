import { randomUUID } from 'node:crypto';
import { israelYearMonth } from '@shared/domain/israel-calendar';
import { israelDate } from '@shared/domain/israel-time';
import { freeSlots } from '@shared/domain/viewing-slots';
import type { Database } from '../db/client';
import {
  agentAvailability,
  brokerageOrders,
  contacts,
  feePlans,
  goals,
  indicators,
  leadActivities,
  leads,
  reportShares,
  viewingBlocks,
  viewings,
} from '../db/schema';
import { createProperty, createUser } from './factories';

/**
 * One branch's own data, as the branch matrix (branch-matrix.test.ts) sends every route about it: two agents, a
 * listing, a contact with a lead, a logged note, a work entry, a goal of another month, a report link and a
 * brokerage order, a deal under the branch's fee plan, the agent's viewing hours with a blocked time and a
 * visitor's viewing request. `markers` are the strings that must never appear in another branch's answers.
 */
export type BranchFixture = {
  branchId: string;
  agentId: string;
  otherAgentId: string;
  address: string;
  propertyId: string;
  contactId: string;
  leadId: string;
  activityId: string;
  indicatorId: string;
  goalId: string;
  shareId: string;
  orderId: string;
  /** A signed exclusivity of the property, its term running. */
  exclusivityId: string;
  /** A deal (a lead activity of kind 'deal'), under the branch's fee plan. */
  dealId: string;
  viewingId: string;
  viewingBlockId: string;
  markers: string[];
};

export async function createBranchFixture(db: Database, branchId: string): Promise<BranchFixture> {
  const tag = randomUUID().slice(0, 8);
  const agent = await createUser(db, { branchId, name: `סוכן ${tag}` });
  const otherAgent = await createUser(db, { branchId, name: `סוכנת ${tag}`, gender: 'female' });
  const address = `רחוב הסניף ${tag}`;
  const property = await createProperty(db, { agentId: agent.id, address, branchId });
  const phone = `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const [contact] = await db
    .insert(contacts)
    .values({ name: `פונה ${tag}`, phone, branchId })
    .returning({ id: contacts.id });
  const [lead] = await db
    .insert(leads)
    .values({
      contactId: contact!.id,
      name: `פונה ${tag}`,
      phone,
      category: 'קונה',
      source: 'propertyInquiry',
      propertyId: property.id,
      ownerId: agent.id,
      branchId,
      message: `שאלה ${tag}`,
    })
    .returning({ id: leads.id });
  const [activity] = await db
    .insert(leadActivities)
    .values({ leadId: lead!.id, kind: 'note', agentId: agent.id, createdBy: agent.id, note: `הערה ${tag}` })
    .returning({ id: leadActivities.id });
  const [indicator] = await db
    .insert(indicators)
    .values({ agentId: agent.id, meetings: 1 })
    .returning({ id: indicators.id });
  const { year } = israelYearMonth();
  const [goal] = await db
    .insert(goals)
    .values({ agentId: agent.id, year: year - 1, month: 3, deals: 2 })
    .returning({ id: goals.id });
  const [share] = await db
    .insert(reportShares)
    .values({
      tokenHash: randomUUID(),
      agentId: agent.id,
      propertyAddress: address,
      periodFrom: israelDate(),
      periodTo: israelDate(),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: reportShares.id });
  const [order] = await db
    .insert(brokerageOrders)
    .values({
      branchId,
      leadId: lead!.id,
      agentId: agent.id,
      side: 'buyer',
      transactionKind: 'purchase',
      clientName: `לקוח ${tag}`,
      clientIdNumber: '039337423',
      clientAddress: 'הנביאים 5, חיפה',
      clientPhone: phone,
      agencyName: 'הסוכנות',
      brokerName: 'מתווך',
      brokerLicence: '3012345',
      brokerAddress: 'מוריה 50',
      properties: [{ propertyId: property.id, address }],
      approxPrice: 1_500_000,
      feePercentHundredths: 200,
      vatIncluded: false,
    })
    .returning({ id: brokerageOrders.id });
  const [exclusivity] = await db
    .insert(brokerageOrders)
    .values({
      kind: 'exclusivity',
      branchId,
      agentId: agent.id,
      side: 'seller',
      transactionKind: 'sale',
      clientName: `מוכר ${tag}`,
      clientIdNumber: '039337423',
      clientAddress: 'הנביאים 5, חיפה',
      clientPhone: phone,
      agencyName: 'הסוכנות',
      brokerName: 'מתווך',
      brokerLicence: '3012345',
      brokerAddress: 'מוריה 50',
      properties: [{ propertyId: property.id, address }],
      approxPrice: 1_500_000,
      feePercentHundredths: 200,
      vatIncluded: false,
      status: 'signed',
      signedAt: new Date(),
      termStart: israelDate(new Date(Date.now() - 10 * 86_400_000)),
      termEnd: israelDate(new Date(Date.now() + 90 * 86_400_000)),
      marketingActions: ['sign', 'internet'],
    })
    .returning({ id: brokerageOrders.id });
  const [deal] = await db
    .insert(leadActivities)
    .values({
      leadId: lead!.id,
      kind: 'deal',
      agentId: agent.id,
      branchId,
      price: 1_500_000,
      commission: 30_000,
      createdBy: agent.id,
    })
    .returning({ id: leadActivities.id });
  // The branch's fee plan since long ago, so the deal has a statement (one per branch; later fixtures reuse it).
  await db
    .insert(feePlans)
    .values({ branchId, effectiveFrom: '2000-01-01', royaltyBp: 600, splitKind: 'fixed', agentBp: 5000 })
    .onConflictDoNothing();
  // Viewings: the agent takes them at any hour; a request proposes the first free slot (docs/viewings.md).
  const allDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, fromMinute: 0, toMinute: 1440 }));
  await db.insert(agentAvailability).values(allDay.map((w) => ({ agentId: agent.id, ...w })));
  const now = new Date();
  const [slot] = freeSlots(
    {
      now,
      propertyId: property.id,
      slotMinutes: 30,
      capacity: 1,
      availability: allDay,
      blocks: [],
      taken: [],
    },
    1,
  );
  const [viewing] = await db
    .insert(viewings)
    .values({
      propertyId: property.id,
      agentId: agent.id,
      branchId,
      startsAt: slot!.start,
      endsAt: slot!.end,
      proposals: [slot!.start.toISOString()],
      visitorName: `מבקר ${tag}`,
      visitorPhone: phone,
      contactId: contact!.id,
      leadId: lead!.id,
      status: 'requested',
      tokenHash: randomUUID(),
    })
    .returning({ id: viewings.id });
  const [block] = await db
    .insert(viewingBlocks)
    .values({
      agentId: agent.id,
      startsAt: new Date(now.getTime() + 70 * 86_400_000),
      endsAt: new Date(now.getTime() + 70 * 86_400_000 + 3_600_000),
      note: `חסימה ${tag}`,
    })
    .returning({ id: viewingBlocks.id });
  const ids = {
    branchId,
    agentId: agent.id,
    otherAgentId: otherAgent.id,
    address,
    propertyId: property.id,
    contactId: contact!.id,
    leadId: lead!.id,
    activityId: activity!.id,
    indicatorId: indicator!.id,
    goalId: goal!.id,
    shareId: share!.id,
    orderId: order!.id,
    exclusivityId: exclusivity!.id,
    dealId: deal!.id,
    viewingId: viewing!.id,
    viewingBlockId: block!.id,
  };
  return { ...ids, markers: [...Object.values(ids), tag, phone] };
}

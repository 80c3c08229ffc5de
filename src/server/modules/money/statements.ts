import {
  type AgentSplit,
  commissionStatement,
  type FeeSide,
  royaltyOf,
  type SplitTier,
  vatOf,
  vatOfSides,
} from '@shared/domain/commission-statement';
import { israelMonthRange } from '@shared/domain/israel-calendar';
import { israelDate } from '@shared/domain/israel-time';
import { type DealStatement, type FrozenStatement, MONEY_MESSAGES } from '@shared/schemas/money';
import { and, asc, desc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  branches,
  dealRecords,
  type feePlans,
  leadActivities,
  leadReferrals,
  users,
  vatRates,
} from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import { assertInScope } from '../branches';
import { planOn, plansOfBranch } from './fee-plans';

/**
 * A deal's statement (docs/money.md), computed when read from dated rows only: the branch's plan and the VAT
 * rate in force on the signing date, the royalty the branch owed earlier in the year and each agent's gross
 * before the deal (docs/decisions/0048-commission-statements.md). A deal is a lead activity of kind 'deal': its fee
 * per side in whole ₪, each with or without VAT, or (deals typed as one figure) its commission before VAT.
 */

export const ISRAEL_DATE = sql<string>`to_char(${leadActivities.occurredAt} at time zone 'Asia/Jerusalem', 'YYYY-MM-DD')`;

const splitOf = (plan: typeof feePlans.$inferSelect): AgentSplit =>
  plan.splitKind === 'tiers'
    ? { kind: 'tiers', tiers: (plan.tiers ?? []) as SplitTier[] }
    : { kind: 'fixed', agentBp: plan.agentBp ?? 0 };

/** A cancelled deal leaves the figures: no royalty owed for it and no gross for its agents. */
export const notCancelled = sql`not exists (select 1 from deal_records r where r.activity_id = ${leadActivities.id} and r.status = 'cancelled')`;

/** Whether a row was before the deal in signing order (time, then id), compared in the database's precision. */
const earlierThan = (id: string) =>
  sql`(${leadActivities.occurredAt}, ${leadActivities.id}) < (select d.occurred_at, d.id from lead_activities d where d.id = ${id})`;

export async function dealStatement(
  db: Database,
  actor: SessionUser,
  dealId: string,
): Promise<DealStatement> {
  const [deal] = await db
    .select()
    .from(leadActivities)
    .where(and(eq(leadActivities.id, dealId), eq(leadActivities.kind, 'deal')))
    .limit(1);
  if (!deal) throw notFound(MONEY_MESSAGES.dealNotFound);
  assertReadsDeal(actor, deal);
  return statementOf(db, deal);
}

/** An agent reads the deals they share in; an admin the deals of the branches in their scope; else 404. */
export function assertReadsDeal(
  actor: SessionUser,
  deal: Pick<typeof leadActivities.$inferSelect, 'branchId' | 'agentId' | 'secondAgentId'>,
) {
  if (actor.role === 'admin') assertInScope(actor.branchScope, deal.branchId, MONEY_MESSAGES.dealNotFound);
  else if (deal.agentId !== actor.id && deal.secondAgentId !== actor.id)
    throw notFound(MONEY_MESSAGES.dealNotFound);
}

/**
 * A deal's statement, whoever asks (the caller checked who may read it): as frozen when its fee was invoiced,
 * else computed now.
 */
export async function statementOf(db: Database, deal: DealRow): Promise<DealStatement> {
  const [record] = await db
    .select({ statement: dealRecords.statement, frozenAt: dealRecords.frozenAt })
    .from(dealRecords)
    .where(eq(dealRecords.activityId, deal.id));
  return frozenOf(record) ?? liveStatementOf(db, deal);
}

/** The frozen copy of a record (decision 0062), with when it was frozen; null when there is none. */
export function frozenOf(
  record: { statement: FrozenStatement | null; frozenAt: Date | null } | undefined | null,
): DealStatement | null {
  if (record?.statement?.version !== 1) return null;
  const { statement } = record.statement;
  return record.frozenAt ? { ...statement, frozenAt: record.frozenAt.toISOString() } : statement;
}

/** The deal's statement computed now from the dated rows (what is frozen at invoicing). */
export async function liveStatementOf(db: Database, deal: DealRow): Promise<DealStatement> {
  const signedOn = israelDate(deal.occurredAt);
  // The signing year's first instant in Israel: the agent index (agent_id, occurred_at) serves the sums below.
  const yearStart = israelMonthRange(Number(signedOn.slice(0, 4)), 1).from;
  const plans = await plansOfBranch(db, deal.branchId);
  const plan = planOn(plans, signedOn);
  if (!plan) throw conflict(MONEY_MESSAGES.noPlan);

  const inYearBefore = and(
    eq(leadActivities.kind, 'deal'),
    gte(leadActivities.occurredAt, yearStart),
    earlierThan(deal.id),
    notCancelled,
  );
  const people = peopleOf(deal);

  const agentIds = people.map((p) => p.id).filter((id): id is string => id !== null);
  const [rates, branchDeals, referral, agentDeals, names] = await Promise.all([
    allVatRates(db),
    // The branch's earlier deals of the year, in signing order, for the royalty it owed before this one.
    db
      .select(foldColumns)
      .from(leadActivities)
      .leftJoin(dealRecords, eq(dealRecords.activityId, leadActivities.id))
      .where(and(inYearBefore, eq(leadActivities.branchId, deal.branchId)))
      .orderBy(asc(leadActivities.occurredAt), asc(leadActivities.id)),
    referralOf(db, deal),
    // The agents' earlier deals of the year, for each one's gross before this one.
    agentIds.length
      ? db
          .select(foldColumns)
          .from(leadActivities)
          .leftJoin(dealRecords, eq(dealRecords.activityId, leadActivities.id))
          .where(
            and(
              inYearBefore,
              or(inArray(leadActivities.agentId, agentIds), inArray(leadActivities.secondAgentId, agentIds)),
            ),
          )
      : [],
    db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(
        sql`${users.id} in (${sql.join(
          people.map((p) => sql`${p.id ?? '00000000-0000-0000-0000-000000000000'}`),
          sql`, `,
        )})`,
      ),
  ]);

  let royaltyPaidBefore = 0;
  for (const earlier of branchDeals)
    royaltyPaidBefore = foldRoyalty(plans, rates, earlier, royaltyPaidBefore);
  const grossOf = new Map<string, number>();
  for (const earlier of agentDeals) foldGross(grossOf, rates, earlier);

  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const vat = vatFrom(rates, signedOn);
  return assembleStatement(deal, signedOn, plan, { vat, royaltyPaidBefore, referral, nameOf, grossOf });
}

/** What the fold over a year's earlier deals reads of each: the deal, its signing date and any frozen copy. */
export const foldColumns = { deal: leadActivities, signedOn: ISRAEL_DATE, frozen: dealRecords.statement };
type Earlier = { deal: DealRow; signedOn: string; frozen: FrozenStatement | null };

/**
 * The royalty the branch owes after one more earlier deal: an invoiced deal's frozen royalty line (what was
 * invoiced), else its royalty under its own date's plan and cap.
 */
export function foldRoyalty(
  plans: PlanRow[],
  rates: { startsOn: string; rateBp: number }[],
  earlier: Earlier,
  paidBefore: number,
): number {
  const frozen = earlier.frozen?.version === 1 ? earlier.frozen.statement : null;
  if (frozen) return paidBefore + (frozen.lines.find((l) => l.kind === 'royalty')?.amount ?? 0);
  const net = netOf(earlier.deal, vatFrom(rates, earlier.signedOn));
  return addRoyalty(plans, { net, signedOn: earlier.signedOn }, paidBefore);
}

/** Adds an earlier deal to its agents' gross: of its frozen fee before VAT when invoiced, else of its own. */
export function foldGross(
  grossOf: Map<string, number>,
  rates: { startsOn: string; rateBp: number }[],
  earlier: Earlier,
) {
  const frozen = earlier.frozen?.version === 1 ? earlier.frozen.statement : null;
  addGross(grossOf, earlier.deal, vatFrom(rates, earlier.signedOn), frozen?.net);
}

/** A deal's fee as a statement takes it: per side when typed per side, else its commission before VAT. */
export function feeOf(deal: DealRow): { fee: number; feeIncludesVat: false; sides?: FeeSide[] } {
  const sides: FeeSide[] = [];
  if (deal.buyerSideFee !== null)
    sides.push({ side: 'buyer', fee: deal.buyerSideFee * 100, includesVat: deal.buyerSideFeeIncludesVat });
  if (deal.sellerSideFee !== null)
    sides.push({ side: 'seller', fee: deal.sellerSideFee * 100, includesVat: deal.sellerSideFeeIncludesVat });
  const fee = (deal.commission ?? 0) * 100;
  return sides.length ? { fee, feeIncludesVat: false, sides } : { fee, feeIncludesVat: false };
}

/** A deal's fee before VAT, in agorot, with the VAT rate of its signing date (the statement's `net`). */
export function netOf(deal: DealRow, vatBp: number): number {
  const fee = feeOf(deal);
  return fee.sides ? vatOfSides(fee.sides, vatBp).net : vatOf(fee.fee, false, vatBp).net;
}

/**
 * Adds a deal to its agents' gross in the year: each one's part of its fee before VAT, by their weights
 * (rounded half up to the agora; exact for a fee typed as one figure before VAT).
 */
export function addGross(grossOf: Map<string, number>, deal: DealRow, vatBp: number, frozenNet?: number) {
  const people = peopleOf(deal);
  const net = BigInt(frozenNet ?? netOf(deal, vatBp));
  const total = BigInt(people.reduce((sum, p) => sum + Math.max(0, p.weight), 0));
  for (const [i, p] of people.entries()) {
    if (!p.id || (i > 0 && p.id === deal.agentId)) continue;
    const weight = BigInt(Math.max(0, p.weight));
    const part = total === 0n ? net / BigInt(people.length) : (2n * net * weight + total) / (2n * total);
    grossOf.set(p.id, (grossOf.get(p.id) ?? 0) + Number(part));
  }
}

type DealRow = typeof leadActivities.$inferSelect;
type PlanRow = typeof feePlans.$inferSelect;

/** The royalty the branch owes after one more deal of the year (under its own date's plan and cap). */
export function addRoyalty(
  plans: PlanRow[],
  earlier: { net: number; signedOn: string },
  paidBefore: number,
): number {
  const earlierPlan = planOn(plans, earlier.signedOn);
  if (!earlierPlan) return paidBefore;
  return paidBefore + royaltyOf(earlier.net, earlierPlan.royaltyBp, earlierPlan.royaltyCapAgorot, paidBefore);
}

/** The people who share a deal and their weights: the main agent's part and the second agent's. */
export function peopleOf(deal: DealRow) {
  const commission = deal.commission ?? 0;
  const secondPart = deal.secondAgentId ? (deal.secondAgentCommission ?? 0) : 0;
  return [
    { id: deal.agentId, weight: commission - secondPart },
    ...(deal.secondAgentId ? [{ id: deal.secondAgentId, weight: secondPart }] : []),
  ];
}

/** A deal's statement from what was read for it (one deal's queries, or a month's batch). */
export function assembleStatement(
  deal: DealRow,
  signedOn: string,
  plan: PlanRow,
  read: {
    vat: number;
    royaltyPaidBefore: number;
    referral: { bp: number; to: string } | null;
    nameOf: Map<string, string>;
    grossOf: Map<string, number>;
  },
): DealStatement {
  const { nameOf, grossOf } = read;
  let statement: ReturnType<typeof commissionStatement>;
  try {
    statement = commissionStatement({
      ...feeOf(deal),
      vatBp: read.vat,
      royaltyBp: plan.royaltyBp,
      royaltyCap: plan.royaltyCapAgorot,
      royaltyPaidBefore: read.royaltyPaidBefore,
      referral: read.referral,
      agents: peopleOf(deal).map((p) => ({
        id: p.id ?? '',
        name: (p.id && nameOf.get(p.id)) || 'סוכן שאינו במערכת',
        weight: Math.max(0, p.weight) * 100,
        grossBefore: (p.id && grossOf.get(p.id)) || 0,
      })),
      split: splitOf(plan),
    });
  } catch (err) {
    if (err instanceof RangeError) throw conflict(MONEY_MESSAGES.royaltyAndReferral);
    throw err;
  }
  return {
    dealId: deal.id,
    leadId: deal.leadId,
    branchId: deal.branchId,
    signedOn,
    feePlanId: plan.id,
    total: statement.total,
    net: statement.net,
    vatBp: statement.vatBp,
    lines: statement.lines.map((l) => (l.agentId === '' ? { ...l, agentId: undefined } : l)),
  };
}

/** The VAT rate in force on a date, from every rate (oldest first): before the first, the earliest. */
export function vatFrom(rates: { startsOn: string; rateBp: number }[], date: string): number {
  const inForce = rates.filter((r) => r.startsOn <= date).at(-1) ?? rates[0];
  return inForce?.rateBp ?? 0;
}

/** Every VAT rate, oldest first (a handful of rows). */
export function allVatRates(db: Database) {
  return db
    .select({ startsOn: vatRates.startsOn, rateBp: vatRates.rateBp })
    .from(vatRates)
    .orderBy(asc(vatRates.startsOn));
}

/** The referral the deal's lead came with: accepted into the deal's branch before the deal, the latest. */
async function referralOf(db: Database, deal: typeof leadActivities.$inferSelect) {
  const [row] = await db
    .select({ feePercent: leadReferrals.feePercent, from: branches.name })
    .from(leadReferrals)
    .innerJoin(branches, eq(branches.id, leadReferrals.fromBranchId))
    .where(
      and(
        eq(leadReferrals.leadId, deal.leadId),
        eq(leadReferrals.status, 'accepted'),
        eq(leadReferrals.toBranchId, deal.branchId),
        lte(leadReferrals.decidedAt, deal.occurredAt),
      ),
    )
    .orderBy(desc(leadReferrals.decidedAt))
    .limit(1);
  return row ? { bp: row.feePercent * 100, to: row.from } : null;
}

import { israelMonthRange, israelYearMonth } from '@shared/domain/israel-calendar';
import { israelDate } from '@shared/domain/israel-time';
import type { DealList, DealListQuery, DealRow, DealStatus } from '@shared/schemas/deals';
import { MONEY_MESSAGES } from '@shared/schemas/money';
import { and, asc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  branches,
  dealPayments,
  dealRecords,
  leadActivities,
  leads,
  properties,
  users,
} from '../../db/schema';
import type { SessionUser } from '../../plugins/session';
import { assertInScope } from '../branches';
import { statementsOfDeals } from './batch-statements';
import { dealOrderSides, sidesWithoutOrder } from './deal-orders';
import { planOn, plansOfBranch } from './fee-plans';
import { allVatRates, foldColumns, foldGross, notCancelled } from './statements';

/**
 * GET /deals (docs/money.md): the deals signed in a range of months (Israel time). An agent sees the deals she
 * is main or second agent of, with her share only; a branch manager her branch's; network admins every
 * branch's. Cancelled deals are left out unless asked for (status=cancelled); the totals are the rows' sums.
 */

/** The most rows one list answers (a year of a busy network is well under it). */
export const DEAL_LIST_LIMIT = 2000;

const monthOf = (ym: string) => ({ year: Number(ym.slice(0, 4)), month: Number(ym.slice(5, 7)) });
const thisMonth = () => {
  const { year, month } = israelYearMonth();
  return `${year}-${String(month).padStart(2, '0')}`;
};
const STATUS = sql<DealStatus>`coalesce(${dealRecords.status}, 'signed')`;

export async function listDeals(db: Database, actor: SessionUser, query: DealListQuery): Promise<DealList> {
  const from = query.from ?? query.to ?? thisMonth();
  const to = query.to ?? (query.from && query.from > thisMonth() ? query.from : thisMonth());
  const start = israelMonthRange(monthOf(from).year, monthOf(from).month).from;
  const end = israelMonthRange(monthOf(to).year, monthOf(to).month).to;
  const isAgent = actor.role !== 'admin';
  if (query.branchId) assertInScope(actor.branchScope, query.branchId, MONEY_MESSAGES.branchNotFound);
  const of = (id: string) => or(eq(leadActivities.agentId, id), eq(leadActivities.secondAgentId, id));

  const conditions: (SQL | undefined)[] = [
    eq(leadActivities.kind, 'deal'),
    gte(leadActivities.occurredAt, start),
    lt(leadActivities.occurredAt, end),
    isAgent ? of(actor.id) : undefined,
    !isAgent && !actor.branchScope.all ? eq(leadActivities.branchId, actor.branchScope.branchId) : undefined,
    query.branchId ? eq(leadActivities.branchId, query.branchId) : undefined,
    query.agentId ? of(query.agentId) : undefined,
    query.status ? sql`${STATUS} = ${query.status}` : sql`${STATUS} <> 'cancelled'`,
  ];
  const rows = await db
    .select({
      deal: leadActivities,
      status: STATUS,
      dueOn: dealRecords.dueOn,
      noOrderReason: dealRecords.noOrderReason,
      contactName: leads.name,
      phone: leads.phone,
      address: properties.address,
      city: properties.city,
      branchName: branches.name,
    })
    .from(leadActivities)
    .innerJoin(leads, eq(leads.id, leadActivities.leadId))
    .innerJoin(branches, eq(branches.id, leadActivities.branchId))
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .leftJoin(dealRecords, eq(dealRecords.activityId, leadActivities.id))
    .where(and(...conditions))
    .orderBy(asc(leadActivities.occurredAt), asc(leadActivities.id))
    .limit(DEAL_LIST_LIMIT);

  const payments = rows.length
    ? await db
        .select()
        .from(dealPayments)
        .where(
          inArray(
            dealPayments.activityId,
            rows.map((r) => r.deal.id),
          ),
        )
        .orderBy(asc(dealPayments.paidOn), asc(dealPayments.createdAt))
    : [];

  const agentIds = [...new Set(rows.flatMap((r) => [r.deal.agentId, r.deal.secondAgentId]))].filter(
    (id): id is string => id !== null,
  );
  const names = new Map(
    agentIds.length
      ? (
          await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, agentIds))
        ).map((u) => [u.id, u.name])
      : [],
  );

  const orderSides = await dealOrderSides(
    db,
    rows.map((r) => r.deal.leadId),
  );
  const deals: DealRow[] = [];
  // Every row's statement in one batch (a fixed number of queries, not several per deal).
  const statements = await statementsOfDeals(
    db,
    rows.map((r) => r.deal),
  );
  for (const row of rows) {
    const statement = statements.get(row.deal.id) ?? null;
    const mine = payments.filter((p) => p.activityId === row.deal.id);
    const sharing = [row.deal.agentId, row.deal.secondAgentId].filter(
      (id): id is string => id !== null && (!isAgent || id === actor.id),
    );
    const shares = sharing.map((agentId) => {
      const lines = statement?.lines.filter((l) => l.kind === 'agent' && l.agentId === agentId) ?? [];
      return {
        agentId,
        name: names.get(agentId) ?? '',
        amount: statement ? lines.reduce((sum, l) => sum + l.amount, 0) : null,
      };
    });
    deals.push({
      dealId: row.deal.id,
      leadId: row.deal.leadId,
      branchId: row.deal.branchId,
      branchName: row.branchName,
      signedOn: israelDate(row.deal.occurredAt),
      property: row.address ? [row.address, row.city].filter(Boolean).join(', ') : null,
      contactName: row.contactName,
      phone: row.phone,
      price: row.deal.price,
      // The fee before VAT: the statement's (a fee typed with VAT is derived at the signing date's rate).
      fee: statement?.net ?? (row.deal.commission ?? 0) * 100,
      status: row.status,
      due: statement?.total ?? null,
      paid: mine.reduce((sum, p) => sum + p.amountAgorot, 0),
      dueOn: row.dueOn,
      branchShare: isAgent ? null : (statement?.lines.find((l) => l.kind === 'branch')?.amount ?? null),
      shares,
      payments: isAgent
        ? []
        : mine.map((p) => ({ _id: p.id, amountAgorot: p.amountAgorot, paidOn: p.paidOn, note: p.note })),
      orderSides: orderSides.get(row.deal.leadId) ?? [],
      withoutSignedOrder: sidesWithoutOrder(orderSides.get(row.deal.leadId)).length > 0,
      noOrderReason: row.noOrderReason,
    });
  }
  const progress = isAgent ? await progressOf(db, actor) : null;
  return { from, to, deals, totals: totalsOf(deals), progress };
}

/** An agent's gross this year (her part of the fees of her deals not cancelled) and her plan's next tier. */
async function progressOf(db: Database, actor: SessionUser): Promise<DealList['progress']> {
  const today = israelDate();
  const year = Number(today.slice(0, 4));
  const [rates, rows] = await Promise.all([
    allVatRates(db),
    db
      .select(foldColumns)
      .from(leadActivities)
      .leftJoin(dealRecords, eq(dealRecords.activityId, leadActivities.id))
      .where(
        and(
          eq(leadActivities.kind, 'deal'),
          gte(leadActivities.occurredAt, israelMonthRange(year, 1).from),
          lt(leadActivities.occurredAt, israelMonthRange(year, 12).to),
          or(eq(leadActivities.agentId, actor.id), eq(leadActivities.secondAgentId, actor.id)),
          notCancelled,
        ),
      ),
  ]);
  const grossOf = new Map<string, number>();
  for (const row of rows) foldGross(grossOf, rates, row);
  const gross = grossOf.get(actor.id) ?? 0;
  const plan = planOn(await plansOfBranch(db, actor.branchId), today);
  if (!plan) return { year, gross, agentBp: null, nextTier: null };
  if (plan.splitKind === 'fixed') return { year, gross, agentBp: plan.agentBp, nextTier: null };
  const tiers = plan.tiers ?? [];
  const current = [...tiers].reverse().find((t) => t.fromAgorot <= gross);
  const next = tiers.find((t) => t.fromAgorot > gross) ?? null;
  return { year, gross, agentBp: current?.agentBp ?? null, nextTier: next };
}

/** The rows' sums: the totals row is exactly the sum of what the rows show. */
export function totalsOf(deals: DealRow[]) {
  const sum = (pick: (d: DealRow) => number | null) => deals.reduce((total, d) => total + (pick(d) ?? 0), 0);
  return {
    count: deals.length,
    fee: sum((d) => d.fee),
    due: sum((d) => d.due),
    paid: sum((d) => d.paid),
    shares: sum((d) => d.shares.reduce((total, s) => total + (s.amount ?? 0), 0)),
    branchShare: sum((d) => d.branchShare),
  };
}

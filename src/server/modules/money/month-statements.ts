import { israelMonthRange, israelYearMonth } from '@shared/domain/israel-calendar';
import { israelDate } from '@shared/domain/israel-time';
import type { DealStatus } from '@shared/schemas/deals';
import { MONEY_MESSAGES } from '@shared/schemas/money';
import type {
  AgentMonthStatement,
  BranchMonthStatement,
  MonthQuery,
  Royalties,
  StatementDeal,
  StatementTotals,
} from '@shared/schemas/month-statements';
import { and, asc, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  branches,
  dealPayments,
  dealRecords,
  feePlans,
  leadActivities,
  leads,
  properties,
  users,
} from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import { assertInScope } from '../branches';
import { statementsOfDeals } from './batch-statements';
import { planOn } from './fee-plans';
import { monthlyFees, monthsToDate } from './monthly-fees';
import { notCancelled } from './statements';

/**
 * Monthly statements (docs/money.md, "Monthly statements and royalties"; decision 0060): an agent's month, a
 * branch's month and the network's royalties, each deal's figures from its statement (computed in one batch,
 * statementsOfDeals), deals signed in the month (Israel time), cancelled deals left out.
 */

const thisMonth = () => {
  const { year, month } = israelYearMonth();
  return `${year}-${String(month).padStart(2, '0')}`;
};
const rangeOf = (month: string) => israelMonthRange(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
const STATUS = sql<DealStatus>`coalesce(${dealRecords.status}, 'signed')`;
const AGENT_MISSING = 'הסוכן לא נמצא';

/** The month's deals matching `where`, not cancelled, oldest first, with what a statement row shows. */
async function monthDeals(db: Database, month: string, where: SQL | undefined) {
  const range = rangeOf(month);
  const rows = await db
    .select({
      deal: leadActivities,
      status: STATUS,
      contactName: leads.name,
      address: properties.address,
      city: properties.city,
      branchName: branches.name,
    })
    .from(leadActivities)
    .innerJoin(leads, eq(leads.id, leadActivities.leadId))
    .innerJoin(branches, eq(branches.id, leadActivities.branchId))
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .leftJoin(dealRecords, eq(dealRecords.activityId, leadActivities.id))
    .where(
      and(
        eq(leadActivities.kind, 'deal'),
        gte(leadActivities.occurredAt, range.from),
        lt(leadActivities.occurredAt, range.to),
        notCancelled,
        where,
      ),
    )
    .orderBy(asc(leadActivities.occurredAt), asc(leadActivities.id));
  const ids = rows.map((r) => r.deal.id);
  const [statements, paid] = await Promise.all([
    statementsOfDeals(
      db,
      rows.map((r) => r.deal),
    ),
    ids.length
      ? db
          .select({ id: dealPayments.activityId, sum: sql<string>`sum(${dealPayments.amountAgorot})` })
          .from(dealPayments)
          .where(inArray(dealPayments.activityId, ids))
          .groupBy(dealPayments.activityId)
      : [],
  ]);
  const paidOf = new Map(paid.map((p) => [p.id, Number(p.sum)]));
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
  return rows.map((row): StatementDeal => {
    const statement = statements.get(row.deal.id) ?? null;
    const line = (kind: string) =>
      statement ? statement.lines.filter((l) => l.kind === kind).reduce((sum, l) => sum + l.amount, 0) : null;
    const people = [row.deal.agentId, row.deal.secondAgentId].filter((id): id is string => id !== null);
    return {
      dealId: row.deal.id,
      leadId: row.deal.leadId,
      signedOn: israelDate(row.deal.occurredAt),
      branchId: row.deal.branchId,
      branchName: row.branchName,
      property: row.address ? [row.address, row.city].filter(Boolean).join(', ') : null,
      contactName: row.contactName,
      status: row.status,
      net: statement?.net ?? null,
      vat: line('vat'),
      due: statement?.total ?? null,
      paid: paidOf.get(row.deal.id) ?? 0,
      royalty: line('royalty'),
      referral: line('referral'),
      branchShare: line('branch'),
      shares: statement
        ? [...new Set(people)].map((agentId) => {
            const lines = statement.lines.filter((l) => l.kind === 'agent' && l.agentId === agentId);
            return {
              agentId,
              name: names.get(agentId) ?? '',
              amount: lines.reduce((sum, l) => sum + l.amount, 0),
              rules: lines.map((l) => l.rule),
            };
          })
        : [],
    };
  });
}

/** The rows' sums: every total is exactly the sum of what the rows show. */
export function statementTotals(deals: StatementDeal[]): StatementTotals {
  const sum = (pick: (d: StatementDeal) => number | null) => deals.reduce((t, d) => t + (pick(d) ?? 0), 0);
  return {
    count: deals.length,
    net: sum((d) => d.net),
    vat: sum((d) => d.vat),
    due: sum((d) => d.due),
    paid: sum((d) => d.paid),
    royalty: sum((d) => d.royalty),
    referral: sum((d) => d.referral),
    branchShare: sum((d) => d.branchShare),
    shares: sum((d) => d.shares.reduce((t, s) => t + s.amount, 0)),
  };
}

/**
 * GET /agents/{id}/month-statement: an agent reads her own (every deal she shares in); a branch manager her
 * branch's agents (the deals of her branch); network admins anyone's (every deal). Anyone else: 404.
 */
export async function agentMonthStatement(
  db: Database,
  actor: SessionUser,
  agentId: string,
  query: MonthQuery,
): Promise<AgentMonthStatement> {
  const month = query.month ?? thisMonth();
  const [agent] = await db
    .select({ id: users.id, name: users.name, branchId: users.branchId, branchName: branches.name })
    .from(users)
    .innerJoin(branches, eq(branches.id, users.branchId))
    .where(eq(users.id, agentId))
    .limit(1);
  if (!agent) throw notFound(AGENT_MISSING);
  const self = agent.id === actor.id;
  if (!self) {
    if (actor.role !== 'admin') throw notFound(AGENT_MISSING);
    assertInScope(actor.branchScope, agent.branchId, AGENT_MISSING);
  }
  const ofBranch =
    !self && !actor.branchScope.all ? eq(leadActivities.branchId, actor.branchScope.branchId) : undefined;
  const deals = (
    await monthDeals(
      db,
      month,
      and(or(eq(leadActivities.agentId, agentId), eq(leadActivities.secondAgentId, agentId)), ofBranch),
    )
  ).map((d) => ({ ...d, shares: d.shares.filter((s) => s.agentId === agentId) }));
  return {
    month,
    agent: { id: agent.id, name: agent.name, branchName: agent.branchName },
    deals,
    totals: statementTotals(deals),
  };
}

/** GET /branches/{id}/month-statement: the branch's managers and network admins; another branch is 404. */
export async function branchMonthStatement(
  db: Database,
  actor: SessionUser,
  branchId: string,
  query: MonthQuery,
): Promise<BranchMonthStatement> {
  const month = query.month ?? thisMonth();
  assertInScope(actor.branchScope, branchId, MONEY_MESSAGES.branchNotFound);
  const [branch] = await db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(eq(branches.id, branchId))
    .limit(1);
  if (!branch) throw notFound(MONEY_MESSAGES.branchNotFound);
  const [deals, fees] = await Promise.all([
    monthDeals(db, month, eq(leadActivities.branchId, branchId)),
    monthlyFees(db, [month], branchId),
  ]);
  const agents = new Map<string, BranchMonthStatement['agents'][number]>();
  for (const deal of deals) {
    for (const share of deal.shares) {
      const row = agents.get(share.agentId) ?? {
        agentId: share.agentId,
        name: share.name,
        deals: 0,
        share: 0,
      };
      row.deals += 1;
      row.share += share.amount;
      agents.set(share.agentId, row);
    }
  }
  return {
    month,
    branch,
    agents: [...agents.values()].sort((a, b) => b.share - a.share || a.name.localeCompare(b.name, 'he')),
    deals,
    totals: statementTotals(deals),
    monthlyFee: fees.get(branchId)?.get(month) ?? null,
  };
}

/**
 * GET /royalties (network admins): per branch, the month's and the year's (January to the month) fees before
 * VAT and royalties due, the royalty lines of the deals' statements (so the yearly cap is respected as they do).
 */
export async function networkRoyalties(db: Database, query: MonthQuery): Promise<Royalties> {
  const month = query.month ?? thisMonth();
  const year = Number(month.slice(0, 4));
  const monthRange = rangeOf(month);
  const [deals, branchRows, plans, fees] = await Promise.all([
    db
      .select()
      .from(leadActivities)
      .where(
        and(
          eq(leadActivities.kind, 'deal'),
          gte(leadActivities.occurredAt, israelMonthRange(year, 1).from),
          lt(leadActivities.occurredAt, monthRange.to),
          notCancelled,
        ),
      ),
    db
      .select({ id: branches.id, name: branches.name, active: branches.active })
      .from(branches)
      .orderBy(asc(branches.name)),
    db.select().from(feePlans).orderBy(desc(feePlans.effectiveFrom)),
    monthlyFees(db, monthsToDate(month)),
  ]);
  const statements = await statementsOfDeals(db, deals);
  const zero = () => ({ deals: 0, net: 0, royalty: 0, agentFees: 0, due: 0 });
  const figures = new Map(branchRows.map((b) => [b.id, { month: zero(), year: zero(), withoutPlan: 0 }]));
  for (const deal of deals) {
    const entry = figures.get(deal.branchId);
    if (!entry) continue;
    const statement = statements.get(deal.id) ?? null;
    const inMonth = deal.occurredAt >= monthRange.from;
    const royalty = statement?.lines.find((l) => l.kind === 'royalty')?.amount ?? 0;
    for (const period of inMonth ? [entry.month, entry.year] : [entry.year]) {
      period.deals += 1;
      period.net += statement?.net ?? 0;
      period.royalty += royalty;
      period.due += royalty;
    }
    if (inMonth && !statement) entry.withoutPlan += 1;
  }
  for (const [branchId, months] of fees) {
    const entry = figures.get(branchId);
    if (!entry) continue;
    for (const [feeMonth, fee] of months) {
      for (const period of feeMonth === month ? [entry.month, entry.year] : [entry.year]) {
        period.agentFees += fee.amount;
        period.due += fee.amount;
      }
    }
  }
  const lastDay = israelDate(new Date(monthRange.to.getTime() - 1));
  const rows = branchRows
    .filter((b) => b.active || (figures.get(b.id)?.year.deals ?? 0) > 0)
    .map((b) => {
      const entry = figures.get(b.id) ?? { month: zero(), year: zero(), withoutPlan: 0 };
      const plan = planOn(
        plans.filter((p) => p.branchId === b.id),
        lastDay,
      );
      return {
        branchId: b.id,
        name: b.name,
        month: entry.month,
        year: entry.year,
        royaltyBp: plan?.royaltyBp ?? null,
        royaltyCap: plan?.royaltyCapAgorot ?? null,
        withoutPlan: entry.withoutPlan,
        monthlyFee: fees.get(b.id)?.get(month) ?? null,
      };
    });
  type Figures = ReturnType<typeof zero>;
  const sum = (pick: (r: (typeof rows)[number]) => Figures) =>
    rows.reduce(
      (t, r) => ({
        deals: t.deals + pick(r).deals,
        net: t.net + pick(r).net,
        royalty: t.royalty + pick(r).royalty,
        agentFees: t.agentFees + pick(r).agentFees,
        due: t.due + pick(r).due,
      }),
      zero(),
    );
  return { month, branches: rows, totals: { month: sum((r) => r.month), year: sum((r) => r.year) } };
}

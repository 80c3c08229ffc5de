import { israelMonthRange } from '@shared/domain/israel-calendar';
import { israelDate } from '@shared/domain/israel-time';
import type { DealStatement } from '@shared/schemas/money';
import { and, asc, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dealRecords, feePlans, leadActivities, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { planOn } from './fee-plans';
import {
  allVatRates,
  assembleStatement,
  foldColumns,
  foldGross,
  foldRoyalty,
  frozenOf,
  notCancelled,
  peopleOf,
  statementOf,
  vatFrom,
} from './statements';

type DealRow = typeof leadActivities.$inferSelect;

/**
 * Many deals' statements at once (docs/money.md, "Monthly statements"): the same figures as statementOf gives
 * each deal, from a fixed number of queries per calendar year however many deals are asked for: the branches'
 * plans, the VAT rates, the year's deals (not cancelled) of the deals' branches and agents in signing order, the
 * referrals and the agents' names. The year's deals are folded once, in the database's order (time, then id),
 * for the royalty each branch owed and the gross each agent had before every deal.
 *
 * A deal of a branch without a plan on its date maps to null. A cancelled deal is not in the fold (it leaves the
 * figures of the deals after it); when one is asked for (the deals list with status=cancelled), its statement is
 * read on its own, as statementOf gives it.
 */
export async function statementsOfDeals(
  db: Database,
  deals: DealRow[],
): Promise<Map<string, DealStatement | null>> {
  const result = new Map<string, DealStatement | null>();
  if (deals.length === 0) return result;
  const byYear = new Map<number, DealRow[]>();
  for (const deal of deals) {
    const year = Number(israelDate(deal.occurredAt).slice(0, 4));
    byYear.set(year, [...(byYear.get(year) ?? []), deal]);
  }
  const branchIds = [...new Set(deals.map((d) => d.branchId))];
  const agentIds = [
    ...new Set(deals.flatMap((d) => peopleOf(d).map((p) => p.id)).filter((id): id is string => id !== null)),
  ];
  const [planRows, rates, names, referrals] = await Promise.all([
    db
      .select()
      .from(feePlans)
      .where(inArray(feePlans.branchId, branchIds))
      .orderBy(desc(feePlans.effectiveFrom)),
    allVatRates(db),
    agentIds.length
      ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, agentIds))
      : [],
    referralsOf(
      db,
      deals.map((d) => d.id),
    ),
  ]);
  const plansOf = new Map<string, (typeof planRows)[number][]>();
  for (const plan of planRows) plansOf.set(plan.branchId, [...(plansOf.get(plan.branchId) ?? []), plan]);
  const nameOf = new Map(names.map((n) => [n.id, n.name]));

  for (const [year, ofYear] of byYear) {
    const wanted = new Set(ofYear.map((d) => d.id));
    const yearDeals = await db
      .select({ ...foldColumns, frozenAt: dealRecords.frozenAt })
      .from(leadActivities)
      .leftJoin(dealRecords, eq(dealRecords.activityId, leadActivities.id))
      .where(
        and(
          eq(leadActivities.kind, 'deal'),
          gte(leadActivities.occurredAt, israelMonthRange(year, 1).from),
          lt(leadActivities.occurredAt, israelMonthRange(year, 12).to),
          notCancelled,
          or(
            inArray(leadActivities.branchId, branchIds),
            ...(agentIds.length
              ? [inArray(leadActivities.agentId, agentIds), inArray(leadActivities.secondAgentId, agentIds)]
              : []),
          ),
        ),
      )
      .orderBy(asc(leadActivities.occurredAt), asc(leadActivities.id));

    const royaltyOf = new Map<string, number>();
    const grossOf = new Map<string, number>();
    for (const row of yearDeals) {
      const { deal, signedOn } = row;
      const plans = plansOf.get(deal.branchId) ?? [];
      if (wanted.has(deal.id)) {
        const plan = planOn(plans, signedOn);
        // An invoiced deal's statement is its frozen copy (decision 0062).
        const frozen = frozenOf({ statement: row.frozen, frozenAt: row.frozenAt });
        result.set(
          deal.id,
          frozen ??
            (plan
              ? assembleStatement(deal, signedOn, plan, {
                  vat: vatFrom(rates, signedOn),
                  royaltyPaidBefore: royaltyOf.get(deal.branchId) ?? 0,
                  referral: referrals.get(deal.id) ?? null,
                  nameOf,
                  grossOf: new Map(grossOf),
                })
              : null),
        );
      }
      if (branchIds.includes(deal.branchId))
        royaltyOf.set(deal.branchId, foldRoyalty(plans, rates, row, royaltyOf.get(deal.branchId) ?? 0));
      // Each agent's part of the fee, as statementOf sums it.
      foldGross(grossOf, rates, row);
    }
  }
  for (const deal of deals) {
    if (result.has(deal.id)) continue;
    const alone = await statementOf(db, deal).catch((err: unknown) => {
      if (err instanceof AppError && err.statusCode === 409) return null;
      throw err;
    });
    result.set(deal.id, alone);
  }
  return result;
}

/** Each deal's referral: the latest accepted into the deal's branch before the deal (as statementOf reads it). */
async function referralsOf(db: Database, dealIds: string[]) {
  const rows = await db.execute<{ deal_id: string; fee_percent: number; name: string }>(sql`
    select distinct on (d.id) d.id as deal_id, r.fee_percent, b.name
    from lead_activities d
    join lead_referrals r on r.lead_id = d.lead_id and r.status = 'accepted' and r.to_branch_id = d.branch_id
      and r.decided_at <= d.occurred_at
    join branches b on b.id = r.from_branch_id
    where d.id in (${sql.join(
      dealIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by d.id, r.decided_at desc`);
  return new Map(rows.rows.map((r) => [r.deal_id, { bp: Number(r.fee_percent) * 100, to: r.name }]));
}

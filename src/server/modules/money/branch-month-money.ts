import { israelMonthRange } from '@shared/domain/israel-calendar';
import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { leadActivities, royaltyPayments } from '../../db/schema';
import { statementsOfDeals } from './batch-statements';
import { monthlyFees } from './monthly-fees';
import { notCancelled } from './statements';

/**
 * A branch's money in a month (agorot): the fees before VAT of its deals, what it owes the network (royalties and
 * the monthly fee per agent) and what it paid.
 */
export type BranchMoney = { gross: number; royaltyDue: number; royaltyPaid: number };

export const noMoney = (): BranchMoney => ({ gross: 0, royaltyDue: 0, royaltyPaid: 0 });

/**
 * Each branch's money in a month (the network dashboard, docs/branches.md): `gross` the sum of the fees before VAT
 * of its deals signed in the month (Israel time, cancelled deals left out) and `royaltyDue` their royalty lines
 * plus the month's fee per agent (decision 0068),
 * both from the deals' statements computed in one batch (statementsOfDeals; a deal of a branch without a plan on
 * its date has no statement and adds nothing, as in the royalties view), and `royaltyPaid` the royalty payments
 * for the month not voided. Branches with none of these are absent.
 */
export async function branchesMonthMoney(
  db: Database,
  year: number,
  month: number,
): Promise<Map<string, BranchMoney>> {
  const range = israelMonthRange(year, month);
  const forMonth = `${year}-${String(month).padStart(2, '0')}`;
  const [deals, paid, fees] = await Promise.all([
    db
      .select()
      .from(leadActivities)
      .where(
        and(
          eq(leadActivities.kind, 'deal'),
          gte(leadActivities.occurredAt, range.from),
          lt(leadActivities.occurredAt, range.to),
          notCancelled,
        ),
      ),
    db
      .select({
        branchId: royaltyPayments.branchId,
        sum: sql<string>`sum(${royaltyPayments.amountAgorot})`,
      })
      .from(royaltyPayments)
      .where(and(eq(royaltyPayments.forMonth, forMonth), isNull(royaltyPayments.voidedAt)))
      .groupBy(royaltyPayments.branchId),
    monthlyFees(db, [forMonth]),
  ]);
  const statements = await statementsOfDeals(db, deals);
  const money = new Map<string, BranchMoney>();
  const of = (branchId: string) => {
    const entry = money.get(branchId) ?? noMoney();
    money.set(branchId, entry);
    return entry;
  };
  for (const deal of deals) {
    const statement = statements.get(deal.id);
    if (!statement) continue;
    const entry = of(deal.branchId);
    entry.gross += statement.net;
    entry.royaltyDue += statement.lines.find((l) => l.kind === 'royalty')?.amount ?? 0;
  }
  for (const row of paid) of(row.branchId).royaltyPaid += Number(row.sum);
  for (const [branchId, months] of fees) {
    const amount = months.get(forMonth)?.amount ?? 0;
    if (amount > 0) of(branchId).royaltyDue += amount;
  }
  return money;
}

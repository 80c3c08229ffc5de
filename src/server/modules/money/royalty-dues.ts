import type { MonthQuery } from '@shared/schemas/month-statements';
import type { RoyaltyDues } from '@shared/schemas/royalty-payments';
import { and, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { royaltyPayments } from '../../db/schema';
import type { SessionUser } from '../../plugins/session';
import { networkRoyalties } from './month-statements';

/**
 * GET /royalties (docs/money.md, "Royalty payments"): each branch's royalties due (the deals' royalty lines,
 * decision 0060) and monthly fees per agent (decision 0068) beside what it paid for the month and for the year from January to the month (payments not
 * voided, by the month they are for), and the balance, due less paid. Network roles read every branch; a branch's
 * managers their own branch's row. Every total is the sum of the rows shown.
 */
export async function royaltyDues(db: Database, actor: SessionUser, query: MonthQuery): Promise<RoyaltyDues> {
  const royalties = await networkRoyalties(db, query);
  const { month } = royalties;
  const paid = await db
    .select({
      branchId: royaltyPayments.branchId,
      forMonth: royaltyPayments.forMonth,
      sum: sql<string>`sum(${royaltyPayments.amountAgorot})`,
    })
    .from(royaltyPayments)
    .where(
      and(
        isNull(royaltyPayments.voidedAt),
        gte(royaltyPayments.forMonth, `${month.slice(0, 4)}-01`),
        lte(royaltyPayments.forMonth, month),
      ),
    )
    .groupBy(royaltyPayments.branchId, royaltyPayments.forMonth);
  const scope = actor.branchScope;
  const rows = royalties.branches
    .filter((b) => scope.all || b.branchId === scope.branchId)
    .map((b) => {
      const ofBranch = paid.filter((p) => p.branchId === b.branchId);
      const figures = {
        month: ofBranch.filter((p) => p.forMonth === month).reduce((t, p) => t + Number(p.sum), 0),
        year: ofBranch.reduce((t, p) => t + Number(p.sum), 0),
      };
      return {
        ...b,
        paid: figures,
        balance: { month: b.month.due - figures.month, year: b.year.due - figures.year },
      };
    });
  const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((t, r) => t + pick(r), 0);
  const period = (key: 'month' | 'year') => ({
    deals: sum((r) => r[key].deals),
    net: sum((r) => r[key].net),
    royalty: sum((r) => r[key].royalty),
    agentFees: sum((r) => r[key].agentFees),
    due: sum((r) => r[key].due),
  });
  return {
    month,
    branches: rows,
    totals: {
      month: period('month'),
      year: period('year'),
      paid: { month: sum((r) => r.paid.month), year: sum((r) => r.paid.year) },
      balance: { month: sum((r) => r.balance.month), year: sum((r) => r.balance.year) },
    },
  };
}

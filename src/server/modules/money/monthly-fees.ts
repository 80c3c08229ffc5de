import { agentsAtMonthStart, monthlyFeeRule, monthStart } from '@shared/domain/monthly-fee';
import type { MonthlyFee } from '@shared/schemas/month-statements';
import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { feePlans, userRoleHistory, users } from '../../db/schema';
import { planOn } from './fee-plans';

/**
 * The monthly fee per agent (docs/money.md, "The monthly fee per agent"; decision 0068): for each month, the fee of
 * the plan in force on the month's first day × the agents in the branch at the start of that day (the shared rule,
 * agentsAtMonthStart, over the dated role and branch history). A branch whose plan has no monthly fee (or no plan)
 * that month has no entry. Plans are never backdated and the history is only appended, so a past month's fee
 * never moves.
 */
export async function monthlyFees(
  db: Database,
  months: readonly string[],
  branchId?: string,
): Promise<Map<string, Map<string, MonthlyFee>>> {
  const result = new Map<string, Map<string, MonthlyFee>>();
  if (months.length === 0) return result;
  const sorted = [...months].sort();
  const first = monthStart(sorted[0]!);
  const last = monthStart(sorted[sorted.length - 1]!);
  const [plans, people, periods] = await Promise.all([
    db
      .select()
      .from(feePlans)
      .where(branchId ? eq(feePlans.branchId, branchId) : undefined)
      .orderBy(desc(feePlans.effectiveFrom)),
    db.select({ id: users.id, active: users.active, createdAt: users.createdAt }).from(users),
    db
      .select({
        userId: userRoleHistory.userId,
        branchId: userRoleHistory.branchId,
        role: userRoleHistory.role,
        companyRole: userRoleHistory.companyRole,
        validFrom: userRoleHistory.validFrom,
        validUntil: userRoleHistory.validUntil,
      })
      .from(userRoleHistory)
      .where(
        and(
          or(isNull(userRoleHistory.validFrom), lte(userRoleHistory.validFrom, last)),
          or(isNull(userRoleHistory.validUntil), gt(userRoleHistory.validUntil, first)),
        ),
      ),
  ]);
  const plansOf = new Map<string, (typeof plans)[number][]>();
  for (const plan of plans) plansOf.set(plan.branchId, [...(plansOf.get(plan.branchId) ?? []), plan]);
  for (const month of sorted) {
    const counts = agentsAtMonthStart(people, periods, month);
    for (const [branch, branchPlans] of plansOf) {
      const plan = planOn(branchPlans, `${month}-01`);
      if (!plan || plan.monthlyFeeAgorot === 0) continue;
      const agents = counts.get(branch) ?? 0;
      const entry = result.get(branch) ?? new Map<string, MonthlyFee>();
      entry.set(month, {
        agents,
        feeAgorot: plan.monthlyFeeAgorot,
        amount: agents * plan.monthlyFeeAgorot,
        rule: monthlyFeeRule(agents, plan.monthlyFeeAgorot),
      });
      result.set(branch, entry);
    }
  }
  return result;
}

/** The months of a year from January to `month` (`YYYY-MM`). */
export const monthsToDate = (month: string) =>
  Array.from(
    { length: Number(month.slice(5, 7)) },
    (_, i) => `${month.slice(0, 4)}-${String(i + 1).padStart(2, '0')}`,
  );

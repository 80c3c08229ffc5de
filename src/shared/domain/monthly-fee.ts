import { formatAgorot } from './commission-statement';
import { israelMonthRange } from './israel-calendar';
import { plural } from './plural';
import { type RoleHolder, worksAsAgent } from './roles';

/**
 * The fee plan's monthly fee per agent (docs/money.md, "The monthly fee per agent";
 * docs/decisions/0068-monthly-fee-per-agent.md): for each month a branch owes the network the fee of the plan in
 * force on the month's first day × the agents who belonged to the branch at the start of that day (00:00 Israel
 * time). An agent who moves mid-month counts for the branch she was in when the month began, and for her new
 * branch from the next month; an account opened after the month began counts from the next month.
 */

/** One period of a user's dated role and branch (user_role_history): [validFrom, validUntil), null open-ended. */
export type FeePeriod = RoleHolder & {
  userId: string;
  branchId: string;
  validFrom: Date | null;
  validUntil: Date | null;
};

/** A user as the rule needs them: deactivated users count in no month (deactivation is not dated). */
export type FeePerson = { id: string; active: boolean; createdAt: Date };

/** The period that holds an instant: a change at an instant belongs to the period it opens. */
const holds = (period: FeePeriod, at: Date) =>
  (period.validFrom === null || period.validFrom <= at) &&
  (period.validUntil === null || period.validUntil > at);

/** The first instant of a month (`YYYY-MM`) in Israel time. */
export const monthStart = (month: string) =>
  israelMonthRange(Number(month.slice(0, 4)), Number(month.slice(5, 7))).from;

/** How many agents each branch had at the start of a month (`YYYY-MM`), by branch id. */
export function agentsAtMonthStart(
  people: readonly FeePerson[],
  periods: readonly FeePeriod[],
  month: string,
): Map<string, number> {
  const at = monthStart(month);
  const counted = new Set(people.filter((p) => p.active && p.createdAt <= at).map((p) => p.id));
  const counts = new Map<string, number>();
  for (const period of periods) {
    if (!counted.has(period.userId) || !holds(period, at) || !worksAsAgent(period)) continue;
    counts.set(period.branchId, (counts.get(period.branchId) ?? 0) + 1);
    counted.delete(period.userId);
  }
  return counts;
}

export const MONTHLY_FEE_LABEL = 'דמי חודש לסוכנים';

/** The statement's line: "דמי חודש לסוכנים: 2 סוכנים × 500.00 ₪" ("סוכן אחד" for one). */
export const monthlyFeeRule = (agents: number, feeAgorot: number) =>
  `${MONTHLY_FEE_LABEL}: ${plural(agents, { one: 'סוכן אחד', other: '{n} סוכנים' })} × ${formatAgorot(feeAgorot)}`;

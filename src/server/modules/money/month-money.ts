import type { BranchScope } from '@shared/domain/branch-scope';
import { israelMonthRange } from '@shared/domain/israel-calendar';
import { and, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { leadActivities } from '../../db/schema';
import { statementsOfDeals } from './batch-statements';
import { notCancelled } from './statements';

/**
 * The month's money for the performance pages (docs/money.md, decision 0055): per agent, the deals she holds a
 * non-main share of and her share of the deals' statements (the sum of her lines, in agorot); per branch, the
 * agents' shares of its deals. Deals signed in the month (Israel time), cancelled ones left out; a deal of a
 * branch without a fee plan on its date has no statement and adds no money (its count still shows).
 */
export type MonthMoney = {
  /** Per agent: deals with a non-main share, and the sum of her statement lines. */
  agents: Map<string, { sharedDeals: number; commission: number }>;
  /** Per branch: the sum of every agent line of its deals. */
  branches: Map<string, number>;
};

export async function monthMoney(
  db: Database,
  year: number,
  month: number,
  options: { scope?: BranchScope; agentIds?: string[] } = {},
): Promise<MonthMoney> {
  const range = israelMonthRange(year, month);
  const { scope, agentIds } = options;
  const money: MonthMoney = { agents: new Map(), branches: new Map() };
  if (agentIds && agentIds.length === 0) return money;
  const conditions: (SQL | undefined)[] = [
    eq(leadActivities.kind, 'deal'),
    gte(leadActivities.occurredAt, range.from),
    lt(leadActivities.occurredAt, range.to),
    notCancelled,
    scope && !scope.all ? eq(leadActivities.branchId, scope.branchId) : undefined,
    agentIds
      ? or(inArray(leadActivities.agentId, agentIds), inArray(leadActivities.secondAgentId, agentIds))
      : undefined,
  ];
  const deals = await db
    .select()
    .from(leadActivities)
    .where(and(...conditions));
  const of = (id: string) => {
    let entry = money.agents.get(id);
    if (!entry) {
      entry = { sharedDeals: 0, commission: 0 };
      money.agents.set(id, entry);
    }
    return entry;
  };
  const statements = await statementsOfDeals(db, deals);
  for (const deal of deals) {
    if (deal.secondAgentId) of(deal.secondAgentId).sharedDeals++;
    const statement = statements.get(deal.id) ?? null;
    if (!statement) continue;
    for (const line of statement.lines) {
      if (line.kind !== 'agent') continue;
      if (line.agentId) of(line.agentId).commission += line.amount;
      money.branches.set(deal.branchId, (money.branches.get(deal.branchId) ?? 0) + line.amount);
    }
  }
  return money;
}

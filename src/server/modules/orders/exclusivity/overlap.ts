import { termsOverlap } from '@shared/domain/exclusivity';
import { israelDate } from '@shared/domain/israel-time';
import { and, asc, eq, gt, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { brokerageOrders } from '../../../db/schema';
import type { Transaction } from '../../mail';

// One signed exclusivity at a time for a property (decision 0054): a new term that shares a day with a signed,
// unrevoked one that has not ended is refused, unless the new one is a correction naming the one it replaces.

type Executor = Database | Transaction;

/**
 * The exclusivity a correction replaces and those it replaced in turn (a correction of a correction): none of
 * them stands in the way of the correction's term.
 */
export async function replacedChain(db: Executor, firstId: string | null): Promise<string[]> {
  const chain: string[] = [];
  for (let id = firstId; id && !chain.includes(id) && chain.length < 50; ) {
    chain.push(id);
    const [row] = await db
      .select({ replaces: brokerageOrders.replacesOrderId })
      .from(brokerageOrders)
      .where(eq(brokerageOrders.id, id))
      .limit(1);
    id = row?.replaces ?? null;
  }
  return chain;
}

/**
 * A signed, unrevoked exclusivity of the property that has not ended and whose term shares a day with this one
 * (decision 0054), other than those a correction replaces; null when there is none.
 */
export async function overlappingExclusivity(
  db: Executor,
  propertyId: string,
  term: { termStart: string; termEnd: string },
  exceptIds: string[],
  today = israelDate(),
): Promise<{ id: string; termStart: string; termEnd: string } | null> {
  const rows = await db
    .select({
      id: brokerageOrders.id,
      termStart: brokerageOrders.termStart,
      termEnd: brokerageOrders.termEnd,
    })
    .from(brokerageOrders)
    .where(
      and(
        eq(brokerageOrders.kind, 'exclusivity'),
        eq(brokerageOrders.status, 'signed'),
        sql`${brokerageOrders.properties} @> ${JSON.stringify([{ propertyId }])}::jsonb`,
        gt(brokerageOrders.termEnd, today),
        exceptIds.length ? notInArray(brokerageOrders.id, exceptIds) : undefined,
      ),
    )
    .orderBy(asc(brokerageOrders.termStart));
  const held = rows.find(
    (r) =>
      r.termStart &&
      r.termEnd &&
      termsOverlap({ start: r.termStart, end: r.termEnd }, { start: term.termStart, end: term.termEnd }),
  );
  return held ? { id: held.id, termStart: held.termStart!, termEnd: held.termEnd! } : null;
}

/** The same for an issued exclusivity about to be sent or signed: itself and what it replaces left out. */
export async function overlapOfIssued(
  db: Executor,
  row: Pick<
    typeof brokerageOrders.$inferSelect,
    'id' | 'kind' | 'properties' | 'termStart' | 'termEnd' | 'replacesOrderId'
  >,
  today = israelDate(),
) {
  const propertyId = row.properties[0]?.propertyId;
  if (row.kind !== 'exclusivity' || !propertyId || !row.termStart || !row.termEnd) return null;
  const except = [row.id, ...(await replacedChain(db, row.replacesOrderId))];
  return overlappingExclusivity(
    db,
    propertyId,
    { termStart: row.termStart, termEnd: row.termEnd },
    except,
    today,
  );
}

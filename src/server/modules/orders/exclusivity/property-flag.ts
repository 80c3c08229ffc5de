import { and, eq, gt, notInArray, sql } from 'drizzle-orm';
import { auditLog, brokerageOrders, properties } from '../../../db/schema';
import type { Transaction } from '../../mail';

/**
 * Sets or clears a property's `exclusive` flag (the public badge reads it) for an exclusivity, inside the
 * caller's transaction, and records the change in the audit log. The client's signature and the end of the term
 * have no actor, so the entry names what did (`because`); an admin's revocation names the admin.
 */
export async function setPropertyExclusive(
  tx: Transaction,
  propertyId: string,
  exclusive: boolean,
  because: string,
  actorId: string | null = null,
): Promise<boolean> {
  const [before] = await tx
    .select({ exclusive: properties.exclusive })
    .from(properties)
    .where(eq(properties.id, propertyId))
    .for('update');
  if (!before || before.exclusive === exclusive) return false;
  await tx.update(properties).set({ exclusive, updatedAt: new Date() }).where(eq(properties.id, propertyId));
  await tx.insert(auditLog).values({
    actorId,
    actorName: because,
    entity: 'property',
    entityId: propertyId,
    action: 'update',
    changes: { exclusive: { before: before.exclusive, after: exclusive } },
  });
  return true;
}

/**
 * Whether another signed, unrevoked exclusivity of the property still runs on `today` (its end date is later):
 * it keeps the property exclusive when one ends or is revoked.
 */
export async function anotherRunningExclusivity(
  tx: Transaction,
  propertyId: string,
  exceptIds: string[],
  today: string,
): Promise<boolean> {
  const [another] = await tx
    .select({ id: brokerageOrders.id })
    .from(brokerageOrders)
    .where(
      and(
        eq(brokerageOrders.kind, 'exclusivity'),
        eq(brokerageOrders.status, 'signed'),
        notInArray(brokerageOrders.id, exceptIds),
        gt(brokerageOrders.termEnd, today),
        sql`${brokerageOrders.properties} @> ${JSON.stringify([{ propertyId }])}::jsonb`,
      ),
    )
    .limit(1);
  return Boolean(another);
}

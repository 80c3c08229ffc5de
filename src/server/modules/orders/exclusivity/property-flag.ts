import { eq } from 'drizzle-orm';
import { auditLog, properties } from '../../../db/schema';
import type { Transaction } from '../../mail';

/**
 * Sets or clears a property's `exclusive` flag (the public badge reads it) for an exclusivity, inside the
 * caller's transaction, and records the change in the audit log. No admin makes it (the client's signature, or
 * the end of the term), so the entry names what did.
 */
export async function setPropertyExclusive(
  tx: Transaction,
  propertyId: string,
  exclusive: boolean,
  because: string,
): Promise<boolean> {
  const [before] = await tx
    .select({ exclusive: properties.exclusive })
    .from(properties)
    .where(eq(properties.id, propertyId))
    .for('update');
  if (!before || before.exclusive === exclusive) return false;
  await tx.update(properties).set({ exclusive, updatedAt: new Date() }).where(eq(properties.id, propertyId));
  await tx.insert(auditLog).values({
    actorId: null,
    actorName: because,
    entity: 'property',
    entityId: propertyId,
    action: 'update',
    changes: { exclusive: { before: before.exclusive, after: exclusive } },
  });
  return true;
}

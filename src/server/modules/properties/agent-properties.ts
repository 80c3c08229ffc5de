import { and, asc, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { properties } from '../../db/schema';

/** The properties module's answer to "which properties does this agent handle" (main or second agent). */
const handledBy = (agentId: string) =>
  or(eq(properties.agentId, agentId), eq(properties.agentSecendId, agentId));

/** The agent's properties in short form (for choice lists), by address and city. */
export function listAgentPropertyRefs(db: Database, agentId: string) {
  return db
    .select({
      id: properties.id,
      address: properties.address,
      city: properties.city,
      category: properties.category,
      exclusive: properties.exclusive,
    })
    .from(properties)
    .where(handledBy(agentId))
    .orderBy(asc(properties.address), asc(properties.city));
}

/**
 * One of the agent's properties by street address (and id when given, to tell apart equal addresses in two
 * cities); undefined when the agent handles no such property.
 */
export async function findAgentPropertyByAddress(
  db: Database,
  agentId: string,
  address: string,
  propertyId?: string,
) {
  const conditions = [handledBy(agentId), eq(properties.address, address)];
  if (propertyId) conditions.push(eq(properties.id, propertyId));
  const [property] = await db
    .select({ id: properties.id, address: properties.address })
    .from(properties)
    .where(and(...conditions))
    .orderBy(asc(properties.createdAt))
    .limit(1);
  return property;
}

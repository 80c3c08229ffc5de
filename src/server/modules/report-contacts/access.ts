import { REPORT_MESSAGES } from '@shared/schemas/report-contact';
import { and, asc, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { properties, users } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';

/**
 * The agent a request acts for: the signed-in user unless it names another. Agents act only for themselves
 * (403 otherwise); admins for anyone who exists and is active.
 */
export async function actingAgent(
  db: Database,
  user: SessionUser,
  requestedId: string | undefined,
  missing: 'field' | 'notFound' = 'notFound',
) {
  const agentId = requestedId ?? user.id;
  if (user.role !== 'admin' && agentId !== user.id) throw forbidden();
  const [agent] = await db
    .select({ id: users.id, name: users.name, role: users.role, phoneNumber: users.phoneNumber })
    .from(users)
    .where(and(eq(users.id, agentId), eq(users.active, true)))
    .limit(1);
  if (!agent) {
    if (missing === 'field')
      throw badRequest(REPORT_MESSAGES.agentUnknown, { agent: REPORT_MESSAGES.agentUnknown });
    throw notFound(REPORT_MESSAGES.agentUnknown);
  }
  return agent;
}

const ownedBy = (agentId: string) =>
  or(eq(properties.agentId, agentId), eq(properties.agentSecendId, agentId));

/** The agent's properties (main or second agent), read straight from the properties table. */
export function listAgentProperties(db: Database, agentId: string) {
  return db
    .select({
      id: properties.id,
      address: properties.address,
      city: properties.city,
      category: properties.category,
      exclusive: properties.exclusive,
    })
    .from(properties)
    .where(ownedBy(agentId))
    .orderBy(asc(properties.address), asc(properties.city));
}

/**
 * One of the agent's properties by its street address (and id when given, to tell apart equal addresses in
 * two cities). Throws 400 on `field` when the address is not one of them.
 */
export async function findAgentProperty(
  db: Database,
  agentId: string,
  address: string,
  propertyId: string | undefined,
  field: string,
) {
  const conditions = [ownedBy(agentId), eq(properties.address, address)];
  if (propertyId) conditions.push(eq(properties.id, propertyId));
  const [property] = await db
    .select({ id: properties.id, address: properties.address })
    .from(properties)
    .where(and(...conditions))
    .orderBy(asc(properties.createdAt))
    .limit(1);
  if (!property)
    throw badRequest(REPORT_MESSAGES.propertyNotAgents, { [field]: REPORT_MESSAGES.propertyNotAgents });
  return property;
}

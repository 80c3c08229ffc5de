import { REPORT_MESSAGES } from '@shared/schemas/report-contact';
import type { Database } from '../../db/client';
import { badRequest } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import { findAgentPropertyByAddress } from '../properties';
import { resolveAgent } from '../users';

/** The active agent a report request acts for, by the one acting-agent rule (users/acting-agent.ts). */
export const actingAgent = (
  db: Database,
  user: SessionUser,
  requestedId: string | undefined,
  missing: 'field' | 'notFound' = 'notFound',
) => resolveAgent(db, user, requestedId, { mustBeActive: true, missing });

/** One of the agent's properties by address; 400 on `field` when the agent handles no such property. */
export async function findAgentProperty(
  db: Database,
  agentId: string,
  address: string,
  propertyId: string | undefined,
  field: string,
) {
  const property = await findAgentPropertyByAddress(db, agentId, address, propertyId);
  if (!property)
    throw badRequest(REPORT_MESSAGES.propertyNotAgents, { [field]: REPORT_MESSAGES.propertyNotAgents });
  return property;
}

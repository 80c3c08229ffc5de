import { VIEWING_MESSAGES } from '@shared/schemas/viewings';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import { assertInScope } from '../branches';
import type { PropertyRow } from './rules';

/**
 * Who changes a property's viewings (its mode, the seller's blocked times, its bookings): its agent or second
 * agent, an admin of its branch (the branch manager), a network admin. Outside the branch scope: 404.
 */
export function assertManagesProperty(actor: SessionUser, property: PropertyRow, missing: string): void {
  assertInScope(actor.branchScope, property.branchId, missing);
  if (actor.role === 'admin') return;
  if (actor.id === property.agentId || actor.id === property.agentSecendId) return;
  throw forbidden(VIEWING_MESSAGES.notYours);
}

/** Who sets an agent's hours and blocked times: the agent, an admin of the agent's branch, a network admin. */
export async function assertManagesAgent(db: Database, actor: SessionUser, agentId: string): Promise<void> {
  const [agent] = await db.select({ branchId: users.branchId }).from(users).where(eq(users.id, agentId));
  if (!agent) throw notFound(VIEWING_MESSAGES.agentNotFound);
  assertInScope(actor.branchScope, agent.branchId, VIEWING_MESSAGES.agentNotFound);
  if (actor.role !== 'admin' && actor.id !== agentId) throw forbidden(VIEWING_MESSAGES.notYourHours);
}

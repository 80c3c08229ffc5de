import { AGENT_NOT_FOUND } from '@shared/schemas/indicator';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { badRequest, forbidden } from '../../lib/errors';
import { ReadCache } from '../../plugins/read-cache';
import { currentUser } from '../../plugins/session';
import { findUserById } from '../users/service';

/** Agents looked up by the dashboards' reads (5 s; any write request in this process invalidates them). */
const userRows = new ReadCache<Awaited<ReturnType<typeof findUserById>>>(5_000);

/**
 * The agent a request acts on: the named one (an agent may name only itself: 403 otherwise), or the
 * signed-in user. An id that is no user answers 400, as bad input.
 */
export async function resolveAgent(
  db: Database,
  request: FastifyRequest,
  agentId: string | undefined,
  options: { mustBeActive?: boolean } = {},
) {
  const user = currentUser(request);
  const target = agentId ?? user.id;
  if (user.role !== 'admin' && target !== user.id) throw forbidden();
  const row = await userRows.get(db, target, () => findUserById(db, target));
  if (!row || (options.mustBeActive && !row.active))
    throw badRequest(AGENT_NOT_FOUND, { agent: AGENT_NOT_FOUND });
  return row;
}

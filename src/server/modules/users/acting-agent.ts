import { seesBranch } from '@shared/domain/branch-scope';
import { mayActFor } from '@shared/domain/roles';
import { AGENT_NOT_FOUND, NOT_AGENT_WORK } from '@shared/schemas/indicator';
import type { Database } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { scopes } from '../../plugins/cache-scopes';
import { ReadCache } from '../../plugins/read-cache';
import type { SessionUser } from '../../plugins/session';
import { findUserById } from './service';

/** Users looked up by the dashboards' reads (5 s; a write of users, in any process, drops them). */
const userRows = new ReadCache<Awaited<ReturnType<typeof findUserById>>>({
  name: 'acting-agent',
  ttlMs: 5_000,
  reads: () => [scopes.users],
});

type Options = {
  /** Writes need an active agent; reads of a past month may name a deactivated one. */
  mustBeActive?: boolean;
  /** How an unknown agent answers: 400 on the `agent` field (bodies), or 404 (paths). */
  missing?: 'field' | 'notFound';
};

/**
 * The one acting-agent rule: the agent a request acts on is the named one, or the signed-in user. An agent
 * acts on itself only (403 for anyone else); an admin on anyone who does agent work (`mayActFor`, shared
 * with the web app). An unknown id answers 400 (or 404); someone who does no agent work, such as a pure
 * admin naming itself, answers 400 with a message that says so. An agent of another branch than the admin's
 * scope is unknown to that admin (docs/decisions/0033).
 */
export async function resolveAgent(
  db: Database,
  user: SessionUser,
  agentId: string | undefined,
  { mustBeActive = false, missing = 'field' }: Options = {},
) {
  const target = agentId ?? user.id;
  if (user.role !== 'admin' && target !== user.id) throw forbidden();
  const row = await userRows.get(db, target, () => findUserById(db, target));
  if (!row || (mustBeActive && !row.active) || !seesBranch(user.branchScope, row.branchId)) {
    if (missing === 'notFound') throw notFound(AGENT_NOT_FOUND);
    throw badRequest(AGENT_NOT_FOUND, { agent: AGENT_NOT_FOUND });
  }
  if (!mayActFor(user, row)) throw badRequest(NOT_AGENT_WORK, { agent: NOT_AGENT_WORK });
  return row;
}

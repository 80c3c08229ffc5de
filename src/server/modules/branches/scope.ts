import { type BranchScope, seesBranch } from '@shared/domain/branch-scope';
import { BRANCH_MESSAGES } from '@shared/schemas/branch';
import { and, eq, exists, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { type Bounds, roleHeldDuring } from '../../db/role-history';
import { branches, userRoleHistory, users } from '../../db/schema';
import { notFound } from '../../lib/errors';

/**
 * The branch boundary in SQL (docs/decisions/0032-branches-as-rows.md, 0033): every staff read and write goes
 * through these, with the scope the session plugin computed once for the request (`request.user.branchScope`).
 * A network scope adds no condition at all, so a network admin's queries are today's, plan for plan.
 */

/** The condition that keeps rows of the scope's branch (undefined: every branch). */
export const inBranchScope = (scope: BranchScope, branchColumn: AnyPgColumn): SQL | undefined =>
  scope.all ? undefined : eq(branchColumn, scope.branchId);

/**
 * For rows another branch may share with the network (a property, decision 0052): the scope's own rows and every
 * other branch's shared ones (undefined: every branch).
 */
export const inScopeOrShared = (
  scope: BranchScope,
  branchColumn: AnyPgColumn,
  sharedColumn: AnyPgColumn,
): SQL | undefined => (scope.all ? undefined : or(eq(branchColumn, scope.branchId), eq(sharedColumn, true)));

/**
 * A row outside the scope answers as if it did not exist (404 with the route's own message): a franchisee
 * never learns what another branch holds, not even that an id is taken.
 */
export function assertInScope(scope: BranchScope, branchId: string, missingMessage: string): void {
  if (!seesBranch(scope, branchId)) throw notFound(missingMessage);
}

/**
 * For the month figures: people who were in the scope's branch at some time in the range, by the dated history
 * (a move keeps past months with the branch the agent was in then). Undefined for the whole network.
 */
export const inBranchDuring = (db: Database, scope: BranchScope, range: Bounds): SQL | undefined =>
  scope.all ? undefined : wasInBranch(db, scope.branchId, range);

/** inBranchDuring for one branch, given as a value or as a prepared statement's placeholder. */
export const wasInBranch = (db: Database, branchId: string | Placeholder, range: Bounds): SQL =>
  exists(
    db
      .select({ one: sql`1` })
      .from(userRoleHistory)
      .where(
        and(
          eq(userRoleHistory.userId, users.id),
          roleHeldDuring(range),
          eq(userRoleHistory.branchId, branchId),
        ),
      ),
  );

/** The part of a cached answer's key that names the scope it was computed for. */
export const scopeKey = (scope: BranchScope): string => (scope.all ? 'network' : `branch:${scope.branchId}`);

/**
 * The scope a figure is read in when the request names a branch (`?branch=<id>`, decision 0045): that one
 * branch when the session's scope holds it; a branch outside the scope, or no such branch, is not found (404).
 * Without a branch the session's own scope (a network admin: the whole network).
 */
export async function narrowScope(db: Database, scope: BranchScope, branchId: string | undefined) {
  if (branchId === undefined) return scope;
  if (!seesBranch(scope, branchId)) throw notFound(BRANCH_MESSAGES.notFound);
  const [row] = await db.select({ id: branches.id }).from(branches).where(eq(branches.id, branchId)).limit(1);
  if (!row) throw notFound(BRANCH_MESSAGES.notFound);
  return { all: false, branchId: row.id } satisfies BranchScope;
}

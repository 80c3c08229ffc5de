import type { Role } from './roles';

/**
 * Which branches a signed-in user reads and manages (docs/decisions/0032-branches-as-rows.md): an admin with
 * network access every branch; anyone else (a branch manager or franchisee, an agent) their own branch only.
 * Inside the branch an agent still works on their own data (mayActFor, the leads' owner rule).
 */
export type BranchScope = { all: true } | { all: false; branchId: string };

export type BranchMember = { role: Role; networkAccess: boolean; branchId: string };

export const hasNetworkAccess = (user: Pick<BranchMember, 'role' | 'networkAccess'>): boolean =>
  user.role === 'admin' && user.networkAccess;

export function branchScopeOf(user: BranchMember): BranchScope {
  return hasNetworkAccess(user) ? { all: true } : { all: false, branchId: user.branchId };
}

/** Whether a row of this branch is inside the scope. */
export const seesBranch = (scope: BranchScope, branchId: string): boolean =>
  scope.all || scope.branchId === branchId;

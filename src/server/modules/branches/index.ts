// The branches module's public face: its routes, and the branch scope other modules filter and check by.

export { branchRoutes } from './routes';
export { assertInScope, inBranchDuring, inBranchScope, scopeKey, wasInBranch } from './scope';
export {
  assertBranchOpen,
  branchDirectory,
  branchRefOf,
  findOpenBranchBySlug,
  listOpenBranches,
} from './service';

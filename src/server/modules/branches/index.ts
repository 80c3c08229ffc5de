// The branches module's public face: its routes, and the branch scope other modules filter and check by.

export { branchRoutes } from './routes';
export {
  assertInScope,
  inBranchDuring,
  inBranchScope,
  inScopeOrShared,
  narrowScope,
  scopeKey,
  wasInBranch,
} from './scope';
export {
  assertBranchOpen,
  branchDirectory,
  branchRefOf,
  findOpenBranchBySlug,
  listBranches,
  listOpenBranches,
  officePhoneOf,
} from './service';

// The users module's public face: its routes, who an agent route acts on, and the password rules.

export { accountRoutes } from './account-routes';
export { resolveAgent } from './acting-agent';
export { adminUserRoutes } from './admin-routes';
export { requestPasswordReset } from './password-reset';
export { isStrongPassword } from './password-strength';
export { bcryptCost, hashPassword, MAX_BCRYPT_COST } from './passwords';
export { passwordResetRoutes } from './reset-routes';
export { userRoutes } from './routes';
export { findPublicUser, findUserByEmail, findUserById, listBranchTeam } from './service';

// Leads referred between branches (docs/decisions/0044-lead-referrals.md).

export { referralRoutes } from './routes';

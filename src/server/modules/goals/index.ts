// The goals module's public face.

export { branchGoalRoutes } from './branch-goal-routes';
export { goalRoutes } from './routes';

// The indicators module's public face: its routes, the month reads and the SQL the goals reuse.

export { monthReads, readCaches } from './cache';
export { countedDuring, totalSums, totalsOfMonth } from './queries';
export { INDICATOR_WRITES_PER_USER, indicatorRoutes } from './routes';
export { scoreboard } from './service';

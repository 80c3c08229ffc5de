import { scopes } from '../../plugins/cache-scopes';
import { type CachedBody, ReadCache } from '../../plugins/read-cache';

/**
 * The dashboards' reads, kept for 5 s (docs/decisions/0007-read-caches.md): a write of indicators, goals,
 * activities or users, in this process or another on the same database, drops them before it is answered
 * (docs/decisions/0022-scoped-cache-invalidation.md); a property or a setting does not. Whole JSON bodies,
 * so a hit costs neither queries nor the zod encoding of 300 agents.
 */
const TTL_MS = 5_000;
const reads = () => [scopes.indicators, scopes.users];

export const readCaches = {
  scoreboard: new ReadCache<CachedBody>({ ttlMs: TTL_MS, maxEntries: 200, reads }),
  summary: new ReadCache<CachedBody>({ ttlMs: TTL_MS, reads }),
  allPerformance: new ReadCache<CachedBody>({ ttlMs: TTL_MS, maxEntries: 200, reads }),
  agentPerformance: new ReadCache<CachedBody>({ ttlMs: TTL_MS, reads }),
};

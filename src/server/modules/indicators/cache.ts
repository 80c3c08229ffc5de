import { type CachedBody, ReadCache } from '../../plugins/read-cache';

/**
 * The dashboards' reads, kept for 5 s (docs/decisions/0007-read-caches.md): every write request, in this
 * process or another on the same database, invalidates them before it is answered. Whole JSON bodies,
 * so a hit costs neither queries nor the zod encoding of 300 agents.
 */
const TTL_MS = 5_000;

export const readCaches = {
  scoreboard: new ReadCache<CachedBody>(TTL_MS, 200),
  summary: new ReadCache<CachedBody>(TTL_MS),
  allPerformance: new ReadCache<CachedBody>(TTL_MS, 200),
  agentPerformance: new ReadCache<CachedBody>(TTL_MS),
};

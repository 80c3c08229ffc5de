import { israelLast7Days, israelYearMonth, type Range } from '@shared/domain/israel-calendar';
import { scopes } from '../../plugins/cache-scopes';
import { type CachedBody, ReadCache } from '../../plugins/read-cache';

/**
 * The dashboards' reads, kept for 5 s (docs/decisions/0007-read-caches.md): a write of the months they read
 * (a daily entry, a goal), of any month (a lead's activities) or of users, in this process or another on the
 * same database, drops them before it is answered (docs/decisions/0022-scoped-cache-invalidation.md); a daily
 * entry of another month, a property or a setting does not. Whole JSON bodies, so a hit costs neither queries
 * nor the zod encoding of 300 agents.
 */
const TTL_MS = 5_000;
/** Every lookup names the months it reads (monthReads, summaryReads): there is no safe default. */
const named = (): never => {
  throw new Error('a dashboard cache lookup must name the months it reads');
};

export const readCaches = {
  scoreboard: new ReadCache<CachedBody>({
    name: 'indicators-scoreboard',
    ttlMs: TTL_MS,
    maxEntries: 200,
    reads: named,
  }),
  summary: new ReadCache<CachedBody>({ name: 'indicators-summary', ttlMs: TTL_MS, reads: named }),
  allPerformance: new ReadCache<CachedBody>({
    name: 'indicators-allPerformance',
    ttlMs: TTL_MS,
    maxEntries: 200,
    reads: named,
  }),
  agentPerformance: new ReadCache<CachedBody>({
    name: 'indicators-agentPerformance',
    ttlMs: TTL_MS,
    reads: named,
  }),
};

/** What a month's figures read: that month, writes of unknown months, the agents, and the settings (holidays). */
export const monthReads = (year: number, month: number): string[] => [
  scopes.indicators,
  scopes.indicatorMonth(year, month),
  scopes.users,
  scopes.settings,
];

/** The month scopes of the calendar months (Israel time) a range of instants touches. */
export function monthsOf(range: Range): string[] {
  const first = israelYearMonth(range.from);
  const last = israelYearMonth(new Date(range.to.getTime() - 1));
  const months: string[] = [];
  for (let { year, month } = first; year < last.year || (year === last.year && month <= last.month); ) {
    months.push(scopes.indicatorMonth(year, month));
    if (++month > 12) {
      month = 1;
      year++;
    }
  }
  return months;
}

/** What an agent's summary reads: the months of its period (the last 7 days, this month) or all time. */
export function summaryReads(period: 'weekly' | 'monthly' | 'all', now = new Date()): string[] {
  const shared = [scopes.indicators, scopes.users];
  if (period === 'all') return [...shared, scopes.indicatorsAllTime];
  if (period === 'weekly') return [...shared, ...monthsOf(israelLast7Days(now))];
  const { year, month } = israelYearMonth(now);
  return [...shared, scopes.indicatorMonth(year, month)];
}

/** What a daily entry stored at `instant` changes: its month (in Israel) and the all-time figures. */
export function entryChanges(instant: Date): string[] {
  const { year, month } = israelYearMonth(instant);
  return [scopes.indicatorMonth(year, month), scopes.indicatorsAllTime];
}

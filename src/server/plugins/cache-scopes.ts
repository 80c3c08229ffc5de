/**
 * What a write changed, and what a cached read depends on (docs/decisions/0022-scoped-cache-invalidation.md).
 * A cached entry remembers the generation of each scope it read when its load started; a write bumps the
 * scopes it touched, so only the entries that read them are dropped.
 */
export type TransactionKind = 'sale' | 'rent';

export const scopes = {
  /** Everything: a write that did not say what it changed, a lost connection, a gap in the log. */
  all: '*',
  /** One property's own answers: its page, its row among similar properties, its page's HTML. */
  property: (id: string) => `property:${id}`,
  /** The searches, totals and city lists of one deal type (sale or rent), sold and rented included. */
  listings: (kind: TransactionKind) => `listings:${kind}`,
  /** A city's unsold properties sorted by price: the candidates of its similar lists. */
  city: (name: string) => `city:${name}`,
  /** Users and agents: names, photos and phones on property pages, the team, the dashboards' agents. */
  users: 'users',
  /** Sign-ins: the cached session lookups. */
  sessions: 'sessions',
  /**
   * Every dashboard figure, of every month: a write that cannot say which months it changed (a lead's
   * activities, which count in the indicators).
   */
  indicators: 'indicators',
  /** The dashboard figures of one calendar month in Israel: its daily entries and its goals. */
  indicatorMonth: (year: number, month: number) => `indicators:${year}-${String(month).padStart(2, '0')}`,
  /** Figures over all time (an agent's all-time summary): every daily entry, of any month, changes them. */
  indicatorsAllTime: 'indicators:all-time',
  /** The agency settings. */
  settings: 'settings',
  /** The branches' names and addresses, named on users' and properties' answers. */
  branches: 'branches',
} as const;

export const ALL_LISTINGS = [scopes.listings('sale'), scopes.listings('rent')] as const;

/**
 * When each scope of one database last changed, as seen by one process: a counter moves with every write
 * applied, and each scope remembers the counter's value at its last change (`*`: everything's). An entry
 * remembers the counter when its load started, and is fresh while none of the scopes it read changed since,
 * so the scopes an entry read may be learnt after its load (a page's HTML).
 */
export class ScopeGenerations {
  private version = 0;
  private allAt = 0;
  private readonly changedAt = new Map<string, number>();

  bump(changed: Iterable<string>) {
    this.version++;
    for (const scope of changed) {
      if (scope === scopes.all) this.allAt = this.version;
      else this.changedAt.set(scope, this.version);
    }
  }

  dropAll() {
    this.bump([scopes.all]);
  }

  /** The counter now: what an entry whose load starts now remembers. */
  now(): number {
    return this.version;
  }

  /** True while nothing in `read` (nor everything) changed after `since`. */
  unchangedSince(read: Iterable<string>, since: number): boolean {
    if (this.allAt > since) return false;
    for (const scope of read) if ((this.changedAt.get(scope) ?? 0) > since) return false;
    return true;
  }

  /** A short tag of when `read` last changed, for validators (ETags) of what depends on it. */
  tag(read: readonly string[]): number {
    let last = this.allAt;
    for (const scope of read) last = Math.max(last, this.changedAt.get(scope) ?? 0);
    return last;
  }
}

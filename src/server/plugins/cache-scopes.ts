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
  /** Daily entries, goals, a lead's activities: every dashboard figure. */
  indicators: 'indicators',
  /** The agency settings. */
  settings: 'settings',
} as const;

export const ALL_LISTINGS = [scopes.listings('sale'), scopes.listings('rent')] as const;

/**
 * Per-scope generations of one database in one process. `all` moves with every drop of everything; a scope's
 * number with every write that touched it. Generations only move forward.
 */
export class ScopeGenerations {
  private all = 0;
  private readonly byScope = new Map<string, number>();

  bump(changed: Iterable<string>) {
    for (const scope of changed) {
      if (scope === scopes.all) this.all++;
      else this.byScope.set(scope, (this.byScope.get(scope) ?? 0) + 1);
    }
  }

  dropAll() {
    this.all++;
  }

  /** The generations of `read` now: the first number is `all`, then one per scope. */
  snapshot(read: readonly string[]): number[] {
    const snap = [this.all];
    for (const scope of read) snap.push(this.byScope.get(scope) ?? 0);
    return snap;
  }

  /** True while nothing `read` depends on moved since `snap` was taken. */
  unchanged(read: readonly string[], snap: readonly number[]): boolean {
    if (snap[0] !== this.all) return false;
    for (let i = 0; i < read.length; i++) if ((this.byScope.get(read[i]!) ?? 0) !== snap[i + 1]) return false;
    return true;
  }

  /** A short tag of the generations of `read`, for validators (ETags) of what depends on them. */
  tag(read: readonly string[]): string {
    return this.snapshot(read).join('.');
  }
}

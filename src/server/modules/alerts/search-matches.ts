import { searchListingParams } from '@shared/domain/saved-search-listing';
import type { PageSearch, SavedSearch } from '@shared/schemas/alerts';
import { type PropertySearchQuery, propertySearchQuerySchema } from '@shared/schemas/property';
import type { Database } from '../../db/client';
import { countEach } from '../properties';

/**
 * The listing query of a saved search: the address its listing link opens, read as the listing reads it
 * (propertySearchQuerySchema), so the count is the listing page's own. Null if the listing would refuse it.
 */
export function listingQueryOf(filters: SavedSearch['filters']): PropertySearchQuery | null {
  const params = searchListingParams(filters);
  const input: Record<string, string | string[]> = { type: filters.type };
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    input[key] = values.length > 1 ? values : values[0]!;
  }
  const parsed = propertySearchQuerySchema.safeParse(input);
  return parsed.success ? parsed.data : null;
}

/** The saved searches with their current matches, all counted in one query. */
export async function withMatches(
  db: Pick<Database, 'select'>,
  searches: SavedSearch[],
): Promise<PageSearch[]> {
  const queries = searches.map((s) => listingQueryOf(s.filters));
  const listable = queries.filter((q): q is PropertySearchQuery => q !== null);
  const counts = await countEach(db, listable);
  let next = 0;
  return searches.map((search, i) => {
    if (queries[i] === null) return { ...search, matches: null };
    const count = counts[next++]!;
    return { ...search, matches: { total: count.total, capped: count.totalCapped } };
  });
}

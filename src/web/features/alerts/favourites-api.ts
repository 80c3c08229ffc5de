import type { Property } from '@shared/schemas/property';
import { useQueries } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@web/lib/api-client';

/** Where a saved property stands now: on the site, sold or rented, removed, or unknown (the server did not answer). */
export type FavouriteState =
  | { kind: 'loading' }
  | { kind: 'active' | 'sold'; property: Property }
  | { kind: 'deleted' }
  | { kind: 'unknown' };

const fetchProperty = (id: string, signal: AbortSignal) =>
  apiRequest<{ data: { data: Property } }>(`/property/${encodeURIComponent(id)}`, { signal }).then(
    (r) => r.data.data,
  );

/** Each favourite read through the public property API, so a sold or deleted one shows as such. */
export function useFavouriteStates(ids: readonly string[]): FavouriteState[] {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: ['favourites', 'property', id] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchProperty(id, signal),
      retry: false,
      staleTime: 60_000,
    })),
    combine: (results) =>
      results.map((r): FavouriteState => {
        if (r.data) return { kind: r.data.sold ? 'sold' : 'active', property: r.data };
        if (r.error) {
          const gone = r.error instanceof ApiError && [400, 404, 410].includes(r.error.status);
          return { kind: gone ? 'deleted' : 'unknown' };
        }
        return { kind: 'loading' };
      }),
  });
}

import type {
  AddEmailBody,
  AlertsPage,
  matchingBuyersResponseSchema,
  matchingPropertiesResponseSchema,
  SavedSearch,
  SavedSearchFiltersInput,
  SubscribeBody,
} from '@shared/schemas/alerts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { z } from 'zod';

type Envelope<T> = { status: 'success'; data: T };

/** The alerts API (docs/alerts.md): subscribing, and everything a private link may do. */
const me = (token: string) => `/alerts/me/${encodeURIComponent(token)}`;

export const alertKeys = {
  page: (token: string) => ['alerts', 'me', token] as const,
};

/** With an e-mail: 202, the link goes by mail. With a phone only: 201 and the private link's token, to show. */
export const subscribe = (body: SubscribeBody) =>
  apiRequest<{ status: 'success'; message?: string; data?: { token: string } }>('/alerts/subscribe', {
    body,
  });

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}

/**
 * The private link's page. Opened from the confirmation mail (`?confirm=1`) it confirms first (the double
 * opt-in; the server answers the page either way, and a repeat is harmless).
 */
export const useAlertsPage = (token: string, confirmFirst: { current: boolean }) =>
  useQuery({
    queryKey: alertKeys.page(token),
    queryFn: () => {
      if (!confirmFirst.current) return fetchAlertsPage(token);
      confirmFirst.current = false; // once: later reads (after a change) only read
      return confirmSubscription(token);
    },
    retry: false,
  });

/** A change made from the private link: the page is read again afterwards. */
function useMeMutation<V>(token: string, request: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => client.invalidateQueries({ queryKey: alertKeys.page(token) }),
  });
}

export const useUpdateSubscriber = (token: string) =>
  useMeMutation(token, (body: { frequency?: 'immediate' | 'daily'; name?: string }) =>
    apiRequest(me(token), { method: 'PATCH', body }),
  );

export const useUpdateSearch = (token: string) =>
  useMeMutation(
    token,
    ({ id, body }: { id: string; body: { paused?: boolean; filters?: SavedSearchFiltersInput } }) =>
      apiRequest<Envelope<{ search: SavedSearch }>>(`${me(token)}/searches/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body,
      }),
  );

export const useDeleteSearch = (token: string) =>
  useMeMutation(token, (id: string) =>
    apiRequest(`${me(token)}/searches/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );

export const usePutFavourites = (token: string) =>
  useMeMutation(token, (propertyIds: string[]) => putFavourites(token, propertyIds));

/** A phone-only link asks for alerts by mail: the address gets a confirmation link of its own. */
export const useAddEmail = (token: string) =>
  useMutation({
    mutationFn: (body: AddEmailBody) => apiRequest(`${me(token)}/email`, { body }),
  });

export const useUnsubscribe = (token: string) =>
  useMeMutation(token, () => apiRequest(`${me(token)}/unsubscribe`, { method: 'POST' }));

export function useDeleteMyData(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(me(token), { method: 'DELETE' }),
    onSuccess: () => client.removeQueries({ queryKey: alertKeys.page(token) }),
  });
}

export const addSearch = (token: string, filters: SavedSearchFiltersInput) =>
  apiRequest<Envelope<{ search: SavedSearch }>>(`${me(token)}/searches`, { body: { filters } }).then(
    (r) => r.data.search,
  );

export const confirmSubscription = (token: string) =>
  apiRequest<Envelope<AlertsPage>>(`${me(token)}/confirm`, { method: 'POST', body: {} }).then((r) => r.data);

export const fetchAlertsPage = (token: string) =>
  apiRequest<Envelope<AlertsPage>>(me(token)).then((r) => r.data);

export const putFavourites = (token: string, propertyIds: string[]) =>
  apiRequest(`${me(token)}/favourites`, { method: 'PUT', body: { propertyIds } });

type MatchingBuyers = z.infer<typeof matchingBuyersResponseSchema>;
type MatchingProperties = z.infer<typeof matchingPropertiesResponseSchema>;
export type MatchingBuyer = MatchingBuyers['data']['buyers'][number];
export type RequirementMatches = MatchingProperties['data']['requirements'][number];

/** 'קונים מתאימים': the buyer requirements a property matches (signed in; contacts for the property's agents). */
export const useMatchingBuyers = (propertyId: string) =>
  useQuery({
    queryKey: ['alerts', 'matching-buyers', propertyId] as const,
    queryFn: () =>
      apiRequest<MatchingBuyers>(`/property/${encodeURIComponent(propertyId)}/matching-buyers`).then(
        (r) => r.data.buyers,
      ),
  });

/** 'נכסים מתאימים': a lead's contact's requirements, each with the properties it matches. */
export const useMatchingProperties = (leadId: string) =>
  useQuery({
    queryKey: ['alerts', 'matching-properties', leadId] as const,
    queryFn: () =>
      apiRequest<MatchingProperties>(
        `/pipeline/leads/${encodeURIComponent(leadId)}/matching-properties`,
      ).then((r) => r.data.requirements),
  });

import type { PropertyNetwork, StaffProperty } from '@shared/schemas/network-share';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

const path = (propertyId: string) => `/property/${encodeURIComponent(propertyId)}/network`;
const key = (propertyId: string) => ['properties', propertyId, 'network'] as const;

/** The property's place in the network for the signed-in staff member (404 for another branch's unshared one). */
const propertyNetworkQuery = (propertyId: string) =>
  queryOptions({
    queryKey: key(propertyId),
    queryFn: async () =>
      (await apiRequest<{ data: { network: PropertyNetwork } }>(path(propertyId))).data.network,
    retry: false,
  });

export const usePropertyNetwork = (propertyId: string) => useQuery(propertyNetworkQuery(propertyId));

/** Shares the property with the network or stops sharing it; the answer is its place as it now is. */
export function useSetNetworkShare(propertyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (shared: boolean) =>
      (
        await apiRequest<{ data: { network: PropertyNetwork } }>(path(propertyId), {
          method: 'PUT',
          body: { shared },
        })
      ).data.network,
    onSuccess: (network) => client.setQueryData(key(propertyId), network),
  });
}

export type StaffListChoice = 'all' | 'own' | 'shared';
type StaffPage = { items: StaffProperty[]; page: number; pageSize: number; more: boolean };

/**
 * One page of the staff list (`GET /property/staff`): the scope's own listings, the other branches' shared ones,
 * or both.
 */
export const useStaffProperties = (which: StaffListChoice, page: number) =>
  useQuery({
    queryKey: ['properties', 'staff', which, page] as const,
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ which, page: String(page) });
      return (await apiRequest<{ data: StaffPage }>(`/property/staff?${query}`, { signal })).data;
    },
    // Another page of the same choice keeps the cards on screen while it loads; another choice does not.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === which ? previous : undefined,
  });

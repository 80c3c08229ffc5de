import type { AgencySettings } from '@shared/schemas/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export const settingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: () => apiRequest<{ data: { settings: AgencySettings } }>('/settings').then((r) => r.data.settings),
  staleTime: 5 * 60_000,
});

/** The agency's details (name, phone, links...) from the settings table. */
export function useAgencySettings() {
  return useQuery(settingsQuery).data;
}

import type { AgencySettings, PublicSettings } from '@shared/schemas/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export const settingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: () => apiRequest<{ data: { settings: PublicSettings } }>('/settings').then((r) => r.data.settings),
  staleTime: 5 * 60_000,
});

/** Every setting, the network's internal terms included: the settings page of a network admin. */
export const networkSettingsQuery = queryOptions({
  queryKey: ['settings', 'network'],
  queryFn: () =>
    apiRequest<{ data: { settings: AgencySettings } }>('/settings/network').then((r) => r.data.settings),
});

/** The agency's details (name, phone, links...) from the settings table. */
export function useAgencySettings() {
  return useQuery(settingsQuery).data;
}

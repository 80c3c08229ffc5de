import type { ImportSummary } from '@shared/schemas/import';
import { type AgencySettings, publicSettings } from '@shared/schemas/settings';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { networkSettingsQuery, settingsQuery } from '@web/lib/settings';

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<AgencySettings>) =>
      apiRequest<{ data: { settings: AgencySettings } }>('/settings', { method: 'PATCH', body }).then(
        (r) => r.data.settings,
      ),
    // Every page reads the agency's details from this query: the navbar and footer update at once.
    onSuccess: (settings) => {
      queryClient.setQueryData(networkSettingsQuery.queryKey, settings);
      queryClient.setQueryData(settingsQuery.queryKey, publicSettings(settings));
    },
  });
}

export const uploadMedia = (kind: 'video' | 'image') => (file: File) => {
  const body = new FormData();
  body.append('file', file);
  return apiRequest<{ data: { url: string } }>(`/settings/media/${kind}`, { body }).then((r) => r.data.url);
};

export const lastImportQuery = queryOptions({
  queryKey: ['imports', 'last'],
  queryFn: () =>
    apiRequest<{ data: { lastImport: ImportSummary | null } }>('/imports/last').then(
      (r) => r.data.lastImport,
    ),
});

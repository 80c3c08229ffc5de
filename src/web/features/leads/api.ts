import type { LeadsInbox } from '@shared/schemas/leads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const leadsInboxQuery = queryOptions({
  queryKey: ['leads', 'inbox'],
  queryFn: () => apiRequest<{ data: LeadsInbox }>('/leads').then((r) => r.data),
  staleTime: 0,
});

export const useLeadsInbox = () => useQuery(leadsInboxQuery);

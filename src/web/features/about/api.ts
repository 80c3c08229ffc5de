import type { PublicUser } from '@shared/schemas/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@web/lib/api-client';

export const teamQuery = queryOptions({
  queryKey: ['users', 'list'],
  queryFn: () => apiRequest<{ data: { data: PublicUser[] } }>('/users').then((r) => r.data.data),
});

export const agentQuery = (id: string) =>
  queryOptions({
    queryKey: ['users', 'detail', id],
    queryFn: () =>
      apiRequest<{ data: { data: PublicUser } }>(`/users/${encodeURIComponent(id)}`).then((r) => r.data.data),
    // An unknown or malformed id will not appear by retrying.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });

export const useTeam = () => useQuery(teamQuery);
export const useAgent = (id: string) => useQuery(agentQuery(id));

import { worksAsAgent } from '@shared/domain/roles';
import type { PublicUser, User } from '@shared/schemas/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from './api-client';

/**
 * The one home of user queries: every feature that lists or names users reads them through these keys and
 * hooks, so one invalidation of `userKeys.all` refreshes them all. Each key holds one type: `/users` answers
 * admins with e-mails (User) and everyone else with public fields (PublicUser), so the two get separate keys.
 */
export const userKeys = {
  all: ['users'] as const,
  /** Active users as an admin reads them (User). */
  active: () => ['users', 'list', 'active'] as const,
  /** Every user, inactive too (admins only). */
  everyone: () => ['users', 'list', 'everyone'] as const,
  /** The active team's public fields, as the public site reads them (PublicUser: no roles). */
  team: () => ['users', 'list', 'team'] as const,
  detail: (id: string) => ['users', 'detail', id] as const,
};

type Listed<T> = { data: { data: T } };

export const activeUsersQuery = queryOptions({
  queryKey: userKeys.active(),
  queryFn: () => apiRequest<Listed<User[]>>('/users').then((r) => r.data.data),
  staleTime: 60_000,
});

export const everyoneQuery = queryOptions({
  queryKey: userKeys.everyone(),
  queryFn: () => apiRequest<Listed<User[]>>('/users?includeInactive=true').then((r) => r.data.data),
});

export const teamQuery = queryOptions({
  queryKey: userKeys.team(),
  queryFn: () => apiRequest<Listed<PublicUser[]>>('/users?team=true').then((r) => r.data.data),
});

export const userQuery = (id: string) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: () =>
      apiRequest<Listed<PublicUser>>(`/users/${encodeURIComponent(id)}`).then((r) => r.data.data),
    // An unknown or malformed id will not appear by retrying.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });

/** Active users (admin screens). */
export const useUsers = (enabled = true) => useQuery({ ...activeUsersQuery, enabled });
/** Every user, inactive too (admin screens that name past actors). */
export const useEveryone = () => useQuery(everyoneQuery);
/** Active users who do agent work (`worksAsAgent`): every agent picker and the agents overview. */
export const useAgentUsers = (enabled = true) =>
  useQuery({ ...activeUsersQuery, enabled, select: (users) => users.filter(worksAsAgent) });
/** The public team (about pages). */
export const useTeam = () => useQuery(teamQuery);
export const useUser = (id: string, enabled = true) => useQuery({ ...userQuery(id), enabled });

import type { Branch } from '@shared/schemas/branch';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * The branches the session sees (GET /branches: every branch for a network admin, her own for a branch manager
 * or an agent). The branches page and the user form's branch picker read them through these keys.
 */
export const branchKeys = { all: ['branches'] as const };

export const branchesQuery = queryOptions({
  queryKey: branchKeys.all,
  queryFn: () => apiRequest<{ data: { branches: Branch[] } }>('/branches').then((r) => r.data.branches),
  staleTime: 60_000,
});

export const useBranches = (enabled = true) => useQuery({ ...branchesQuery, enabled });

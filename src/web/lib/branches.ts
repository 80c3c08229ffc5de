import type { Branch } from '@shared/schemas/branch';
import type { BranchPage, PublicBranch } from '@shared/schemas/branch-page';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from './api-client';

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

/** The public site's branch reads: the open branches (/AboutLink) and one branch's page (/branches/<slug>). */
export const branchPageKeys = {
  all: ['branch-pages'] as const,
  open: () => ['branch-pages', 'open'] as const,
  page: (slug: string, page: number) => ['branch-pages', 'page', slug, page] as const,
};

export const openBranchesQuery = queryOptions({
  queryKey: branchPageKeys.open(),
  queryFn: () =>
    apiRequest<{ data: { branches: PublicBranch[] } }>('/branch-pages').then((r) => r.data.branches),
  staleTime: 60_000,
});

export const branchPageQuery = (slug: string, page: number) =>
  queryOptions({
    queryKey: branchPageKeys.page(slug, page),
    queryFn: () =>
      apiRequest<{ data: BranchPage }>(
        `/branch-pages/${encodeURIComponent(slug)}${page > 1 ? `?page=${page}` : ''}`,
      ).then((r) => r.data),
    // An unknown or closed branch will not appear by retrying.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });

export const useOpenBranches = () => useQuery(openBranchesQuery);
/** A branch's page; moving between its listings' pages keeps the last page on screen until the next arrives. */
export const useBranchPage = (slug: string, page: number) =>
  useQuery({
    ...branchPageQuery(slug, page),
    placeholderData: (previous) => (previous?.branch.slug === slug ? previous : undefined),
  });

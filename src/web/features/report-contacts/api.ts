import type {
  AgentProperty,
  CreateReportContactInput,
  MonthlyReport,
  ReportContact,
} from '@shared/schemas/report-contact';
import type { CreateShareBody, ReportShare, SharedReport } from '@shared/schemas/report-share';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@web/lib/api-client';

/** Query keys of the feature: every report query starts with 'reportContacts', so one invalidation refreshes all. */
export const reportKeys = {
  all: ['reportContacts'] as const,
  properties: (agentId: string) => ['reportContacts', 'properties', agentId] as const,
  monthly: (agentId: string, month: string, address: string) =>
    ['reportContacts', 'monthly', agentId, month, address] as const,
  shares: (agentId: string) => ['reportContacts', 'shares', agentId] as const,
  shared: (token: string) => ['sharedReport', token] as const,
};

export const agentPropertiesQuery = (agentId: string) =>
  queryOptions({
    queryKey: reportKeys.properties(agentId),
    queryFn: () =>
      apiRequest<{ data: { properties: AgentProperty[] } }>(
        `/reportContact/properties/${encodeURIComponent(agentId)}`,
      ).then((r) => r.data.properties),
    enabled: agentId !== '',
  });

export const useAgentProperties = (agentId: string) => useQuery(agentPropertiesQuery(agentId));

export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReportContactInput) =>
      apiRequest<{ data: { data: ReportContact } }>('/reportContact', { body }).then((r) => r.data.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}

export type MonthlyQuery = { agentId: string; month: string; address: string };

/**
 * Why the server refused a monthly check (a 4xx: a month that has not started, an unknown address), in its own
 * words; undefined for a failure it gave no reason for (a 5xx, the network) and for an ended session (said once).
 */
export function refusalOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status >= 500 || error.sessionEnded) return undefined;
  return error.fieldErrors.month ?? error.message;
}

/** The monthly check; runs only once the user has asked for it (`query` set). */
export function useMonthlyReport(query: MonthlyQuery | null) {
  return useQuery({
    queryKey: reportKeys.monthly(query?.agentId ?? '', query?.month ?? '', query?.address ?? ''),
    queryFn: () => apiRequest<MonthlyReport>('/reportContact/monthlyReport', { body: query }),
    enabled: query !== null,
  });
}

export const useShares = (agentId: string) =>
  useQuery({
    queryKey: reportKeys.shares(agentId),
    queryFn: () =>
      apiRequest<{ data: { shares: ReportShare[] } }>(
        `/reportContact/shares?agentId=${encodeURIComponent(agentId)}`,
      ).then((r) => r.data.shares),
  });

export function useCreateShare(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShareBody) =>
      apiRequest<{ data: { share: ReportShare; token: string; path: string; url: string } }>(
        '/reportContact/shares',
        {
          body,
        },
      ).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.shares(agentId) }),
  });
}

export function useRevokeShare(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<unknown>(`/reportContact/shares/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.shares(agentId) }),
  });
}

export const useSharedReport = (token: string) =>
  useQuery({
    queryKey: reportKeys.shared(token),
    queryFn: () =>
      apiRequest<{ data: { report: SharedReport } }>(`/reportContact/shared/${encodeURIComponent(token)}`, {
        skipAuthHandler: true,
      }).then((r) => r.data.report),
    retry: false,
  });

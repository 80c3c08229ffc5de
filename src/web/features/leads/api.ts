import type { LeadsInbox } from '@shared/schemas/leads';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const leadsInboxQuery = queryOptions({
  queryKey: ['leads', 'inbox'],
  queryFn: () => apiRequest<{ data: LeadsInbox }>('/leads').then((r) => r.data),
  staleTime: 0,
});

export const useLeadsInbox = () => useQuery(leadsInboxQuery);

/** Puts a mail that gave up after its last attempt back in the outbox; the inbox then shows it pending. */
export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mailId: string) =>
      apiRequest(`/mail/${encodeURIComponent(mailId)}/resend`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadsInboxQuery.queryKey }),
  });
}

import type { InquiryList } from '@shared/schemas/inquiry';
import type { LeadsInbox } from '@shared/schemas/leads';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const leadsInboxQuery = queryOptions({
  queryKey: ['leads', 'inbox'],
  queryFn: () => apiRequest<{ data: LeadsInbox }>('/leads').then((r) => r.data),
  staleTime: 0,
});

export const useLeadsInbox = () => useQuery(leadsInboxQuery);

export type InquiryFilter = { agentId: string; propertyId: string };

/** Inquiries about properties: all of them for an admin (optionally filtered), an agent's own otherwise. */
export const inquiriesQuery = (filter: InquiryFilter) =>
  queryOptions({
    queryKey: ['leads', 'inquiries', filter],
    queryFn: () => {
      const params = new URLSearchParams(Object.entries(filter).filter(([, value]) => value !== ''));
      const query = params.size > 0 ? `?${params}` : '';
      return apiRequest<{ data: InquiryList }>(`/inquiries${query}`).then((r) => r.data);
    },
    staleTime: 0,
  });

/** The previous answer (and its filter choices) stays on screen while a filtered list loads. */
export const useInquiries = (filter: InquiryFilter) =>
  useQuery({ ...inquiriesQuery(filter), placeholderData: keepPreviousData });

/** Puts a mail that gave up after its last attempt back in the outbox; the inbox then shows it pending. */
export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mailId: string) =>
      apiRequest(`/mail/${encodeURIComponent(mailId)}/resend`, { method: 'POST' }),
    // The lead-form inbox and the inquiries both show mail states.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['leads'] }),
  });
}

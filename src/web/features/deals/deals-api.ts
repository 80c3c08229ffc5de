import type { DealList, DealPaymentBody, DealState, DealStatusBody } from '@shared/schemas/deals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

type Data<T> = { data: T };
const dealsKey = ['deals'] as const;

/** The list's filters as the URL's query string (the CSV link uses the same). */
export type DealFilters = { from: string; to: string; agentId?: string; branchId?: string; status?: string };

export function dealsQueryString(filters: DealFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return params.toString();
}

export const useDeals = (filters: DealFilters) =>
  useQuery<DealList>({
    queryKey: [...dealsKey, filters],
    queryFn: ({ signal }) =>
      apiRequest<Data<DealList>>(`/deals?${dealsQueryString(filters)}`, { signal }).then((r) => r.data),
    placeholderData: (previous) => previous,
  });

/** A status change or a payment: the list is read again (status, paid and totals move). */
function useDealChange<B>(send: (dealId: string, body: B) => Promise<Data<{ deal: DealState }>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dealId, body }: { dealId: string; body: B }) =>
      send(dealId, body).then((r) => r.data.deal),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealsKey }),
  });
}

const dealUrl = (dealId: string) => `/deals/${encodeURIComponent(dealId)}`;

export const useSetDealStatus = () =>
  useDealChange<DealStatusBody>((dealId, body) =>
    apiRequest(`${dealUrl(dealId)}/status`, { method: 'PATCH', body }),
  );

export const useAddPayment = () =>
  useDealChange<Omit<DealPaymentBody, 'note'> & { note?: string }>((dealId, body) =>
    apiRequest(`${dealUrl(dealId)}/payments`, { body }),
  );

export const useDeletePayment = () =>
  useDealChange<{ paymentId: string }>((dealId, { paymentId }) =>
    apiRequest(`${dealUrl(dealId)}/payments/${encodeURIComponent(paymentId)}`, { method: 'DELETE' }),
  );

import type { DealList, DealPaymentBody, DealState, DealStatusBody } from '@shared/schemas/deals';
import type { AgentMonthStatement, BranchMonthStatement } from '@shared/schemas/month-statements';
import type { RoyaltyDues, RoyaltyPaymentList } from '@shared/schemas/royalty-payments';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** A month's statement: an agent's or a branch's (docs/money.md, "Monthly statements and royalties"). */
export type StatementSubject = { kind: 'agent' | 'branch'; id: string };

export const statementUrl = (subject: StatementSubject, month: string, file = '') =>
  `/${subject.kind === 'agent' ? 'agents' : 'branches'}/${encodeURIComponent(subject.id)}/month-statement${file}?month=${month}`;

export const useMonthStatement = (subject: StatementSubject, month: string) =>
  useQuery<AgentMonthStatement | BranchMonthStatement>({
    queryKey: [...dealsKey, 'statement', subject.kind, subject.id, month],
    queryFn: ({ signal }) =>
      apiRequest<Data<{ statement: AgentMonthStatement | BranchMonthStatement }>>(
        statementUrl(subject, month),
        {
          signal,
        },
      ).then((r) => r.data.statement),
    enabled: subject.id !== '',
  });

/**
 * What branches owe the network, one request per month of the year (`GET /royalties?month=`): the server answers
 * a branch manager her own branch's row and network admins every branch's (docs/money.md, "Royalty payments").
 */
export const useRoyaltyMonths = (months: string[]) =>
  useQueries({
    queries: months.map((month) => ({
      queryKey: [...dealsKey, 'royalties', month],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiRequest<Data<RoyaltyDues>>(`/royalties?month=${month}`, { signal }).then((r) => r.data),
    })),
  });

/** The royalty payments recorded for a year (voided ones too), of one branch. */
export const useYearRoyaltyPayments = (year: number, branchId: string) =>
  useQuery<RoyaltyPaymentList>({
    queryKey: [...dealsKey, 'royalty-payments', year, branchId],
    queryFn: ({ signal }) =>
      apiRequest<Data<RoyaltyPaymentList>>(
        `/royalty-payments?year=${year}&branchId=${encodeURIComponent(branchId)}`,
        { signal },
      ).then((r) => r.data),
    enabled: branchId !== '',
  });

/** The server's royalties CSV of a month and the year up to it (the manager's own branch; every branch for the network). */
export const royaltiesCsvUrl = (month: string) => `/api/v1/royalties.csv?month=${month}`;

import type { NetworkDashboard } from '@shared/schemas/network';
import type {
  CreateRoyaltyPaymentBody,
  RoyaltyDues,
  RoyaltyPayment,
  RoyaltyPaymentList,
} from '@shared/schemas/royalty-payments';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export type MonthKey = { year: number; month: number };

const monthQuery = ({ year, month }: MonthKey) => `year=${year}&month=${month}`;

export const networkKeys = {
  all: ['network'] as const,
  dashboard: (month: MonthKey) => ['network', 'dashboard', month.year, month.month] as const,
};

export const networkDashboardQuery = (month: MonthKey) =>
  queryOptions({
    queryKey: networkKeys.dashboard(month),
    queryFn: () =>
      apiRequest<{ data: NetworkDashboard }>(`/network/dashboard?${monthQuery(month)}`).then((r) => r.data),
  });

export const useNetworkDashboard = (month: MonthKey) => useQuery(networkDashboardQuery(month));

/** The server's CSV of the same month (UTF-8 with a BOM, Hebrew headers). */
export const dashboardCsvUrl = (month: MonthKey) => `/api/v1/network/dashboard.csv?${monthQuery(month)}`;

/** The royalties each branch owes for a month and the year so far (docs/money.md). */
const royaltiesQuery = ({ year, month }: MonthKey) => `month=${year}-${String(month).padStart(2, '0')}`;

const royaltiesKey = ['network', 'royalties'] as const;

export const useRoyalties = (month: MonthKey) =>
  useQuery({
    queryKey: [...royaltiesKey, month.year, month.month],
    queryFn: () =>
      apiRequest<{ data: RoyaltyDues }>(`/royalties?${royaltiesQuery(month)}`).then((r) => r.data),
  });

/** Records a royalty payment a branch made (network roles); the royalties' balances follow. */
export function useRecordRoyaltyPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateRoyaltyPaymentBody, 'note'> & { note?: string }) =>
      apiRequest<{ data: { payment: RoyaltyPayment } }>('/royalty-payments', { method: 'POST', body }).then(
        (r) => r.data.payment,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: royaltiesKey }),
  });
}

/** The payments recorded for a month, voided ones too (kept under the royalties' key, so they refresh together). */
export const useRoyaltyPayments = (month: MonthKey) =>
  useQuery({
    queryKey: [...royaltiesKey, 'payments', month.year, month.month],
    queryFn: () =>
      apiRequest<{ data: RoyaltyPaymentList }>(`/royalty-payments?${royaltiesQuery(month)}`).then(
        (r) => r.data,
      ),
  });

/** Voids a payment recorded by mistake, with the reason (network roles); the balances follow. */
export function useVoidRoyaltyPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiRequest<{ data: { payment: RoyaltyPayment } }>(`/royalty-payments/${id}/void`, {
        method: 'POST',
        body: { reason },
      }).then((r) => r.data.payment),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: royaltiesKey }),
  });
}

export const royaltiesCsvUrl = (month: MonthKey) => `/api/v1/royalties.csv?${royaltiesQuery(month)}`;

import type { Referral, ReferralOptions } from '@shared/schemas/referrals';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

type Data<T> = { data: T };
const referralsKey = ['referrals'] as const;

export const referralOptionsQuery = queryOptions({
  queryKey: [...referralsKey, 'options'],
  queryFn: () => apiRequest<Data<ReferralOptions>>('/referrals/options').then((r) => r.data),
  staleTime: 60_000,
});

export const referralsQuery = queryOptions({
  queryKey: [...referralsKey, 'list'],
  queryFn: () => apiRequest<Data<{ referrals: Referral[] }>>('/referrals').then((r) => r.data.referrals),
});

export const useReferralOptions = (enabled: boolean) => useQuery({ ...referralOptionsQuery, enabled });
export const useReferrals = () => useQuery(referralsQuery);

/** A referral or a decision changes the lead (its branch, owner and timeline) and the referrals list. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: referralsKey }),
      queryClient.invalidateQueries({ queryKey: ['pipeline'] }),
    ]);
}

export type ReferInput = { toBranchId: string; feePercent: number | string; note: string };

export function useReferLead() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ leadId, body }: { leadId: string; body: ReferInput }) =>
      apiRequest<Data<{ referral: Referral }>>(`/pipeline/leads/${encodeURIComponent(leadId)}/referral`, {
        body,
      }).then((r) => r.data.referral),
    onSettled: () => invalidate(),
  });
}

export function useAcceptReferral() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ownerId }: { id: string; ownerId?: string }) =>
      apiRequest<Data<{ referral: Referral }>>(`/referrals/${encodeURIComponent(id)}/accept`, {
        body: ownerId ? { ownerId } : {},
      }).then((r) => r.data.referral),
    onSettled: () => invalidate(),
  });
}

export function useDeclineReferral() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiRequest<Data<{ referral: Referral }>>(`/referrals/${encodeURIComponent(id)}/decline`, {
        body: { reason },
      }).then((r) => r.data.referral),
    onSettled: () => invalidate(),
  });
}

import type { CreateFeePlanBody, FeePlan } from '@shared/schemas/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

const feePlanKey = (branchId: string) => ['fee-plans', branchId] as const;

/** A branch's fee plans, newest date first, and the one in force today (docs/money.md). */
export const useFeePlans = (branchId: string) =>
  useQuery({
    queryKey: feePlanKey(branchId),
    queryFn: () =>
      apiRequest<{ data: { feePlans: FeePlan[]; currentId: string | null } }>(
        `/branches/${encodeURIComponent(branchId)}/fee-plans`,
      ).then((r) => r.data),
  });

/** Adds a plan from a date (network admins). */
export const useAddFeePlan = (branchId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFeePlanBody) =>
      apiRequest<{ data: { feePlan: FeePlan } }>(`/branches/${encodeURIComponent(branchId)}/fee-plans`, {
        body,
      }).then((r) => r.data.feePlan),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feePlanKey(branchId) }),
  });
};

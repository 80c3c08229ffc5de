import type {
  Branch,
  BranchClosePreview,
  BranchRef,
  CreateBranchBody,
  UpdateBranchBody,
} from '@shared/schemas/branch';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { branchKeys } from '@web/lib/branches';
import { userKeys } from '@web/lib/users';

type BranchResult = { data: { branch: Branch } };

/** A branch write refreshes the branches and the users (every user answer names its branch). */
function useBranchMutation<TVars>(fn: (vars: TVars) => Promise<Branch>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: branchKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ]);
    },
  });
}

export const useCreateBranch = () =>
  useBranchMutation((body: CreateBranchBody) =>
    apiRequest<BranchResult>('/branches', { body }).then((r) => r.data.branch),
  );

export const useUpdateBranch = () =>
  useBranchMutation(({ id, body }: { id: string; body: UpdateBranchBody }) =>
    apiRequest<BranchResult>(`/branches/${encodeURIComponent(id)}`, { method: 'PATCH', body }).then(
      (r) => r.data.branch,
    ),
  );

/** What closing the branch would move (network admins; read fresh each time the dialog opens). */
export const useClosePreview = (id: string | undefined) =>
  useQuery({
    queryKey: [...branchKeys.all, 'close-preview', id],
    queryFn: () =>
      apiRequest<{ data: { preview: BranchClosePreview } }>(
        `/branches/${encodeURIComponent(id!)}/close-preview`,
      ).then((r) => r.data.preview),
    enabled: Boolean(id),
    staleTime: 0,
    gcTime: 0,
  });

export type BranchCloseResult = { branch: Branch; target: BranchRef; moved: Record<string, number> };

/** Closes the branch, moving what it holds to the target: everything read since may name another branch. */
export const useCloseBranch = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, targetBranchId }: { id: string; targetBranchId: string }) =>
      apiRequest<{ data: BranchCloseResult }>(`/branches/${encodeURIComponent(id)}/close`, {
        body: { targetBranchId },
      }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries(),
  });
};

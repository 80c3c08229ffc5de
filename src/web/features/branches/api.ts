import type { Branch, CreateBranchBody, UpdateBranchBody } from '@shared/schemas/branch';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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

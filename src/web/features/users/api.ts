import type { CreateUserBody, UpdateUserBody } from '@shared/schemas/account';
import type { User } from '@shared/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { userKeys } from '@web/lib/users';

/** Every user mutation refreshes all user lists (admin list, public agent lists, profile). */
function useUserMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

type UserResult = { data: { user: User; generatedPassword?: string } };

export const useCreateUser = () =>
  useUserMutation((body: CreateUserBody) => apiRequest<UserResult>('/users', { body }).then((r) => r.data));

export const useUpdateUser = () =>
  useUserMutation(({ id, body }: { id: string; body: UpdateUserBody }) =>
    apiRequest<UserResult>(`/users/${id}`, { method: 'PATCH', body }).then((r) => r.data.user),
  );

export const useSetUserActive = () =>
  useUserMutation(({ id, active }: { id: string; active: boolean }) =>
    apiRequest<UserResult>(active ? `/users/${id}/activate` : `/users/${id}`, {
      method: active ? 'POST' : 'DELETE',
    }).then((r) => r.data.user),
  );

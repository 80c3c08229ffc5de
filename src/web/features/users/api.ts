import type { CreateUserBody, UpdateUserBody } from '@shared/schemas/account';
import type { User } from '@shared/schemas/user';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const allUsersQuery = queryOptions({
  queryKey: ['users', 'all'],
  queryFn: () =>
    apiRequest<{ data: { data: User[] } }>('/users?includeInactive=true').then((r) => r.data.data),
});

export function useAllUsers() {
  return useQuery(allUsersQuery);
}

/** Every user mutation refreshes all user lists (admin list, public agent lists, profile). */
function useUserMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
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

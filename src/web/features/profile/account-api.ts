import type { ChangePasswordBody, UpdateOwnAccountBody } from '@shared/schemas/account';
import type { User } from '@shared/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { useSession } from '@web/lib/session';
import { userKeys } from '@web/lib/users';

/** Own phone, photo and about text; the session's cached user is refreshed with the answer. */
export function useUpdateOwnAccount() {
  const { signIn } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOwnAccountBody) =>
      apiRequest<{ data: { user: User } }>('/users/me', { method: 'PATCH', body }).then((r) => r.data.user),
    onSuccess: (user) => {
      signIn(user);
      queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}

/** Own password; the server ends the user's other sessions. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      apiRequest<{ status: 'success'; message?: string }>('/users/me/password', { method: 'PATCH', body }),
  });

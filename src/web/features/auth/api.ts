import type { LoginBody, User } from '@shared/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { useSession } from '@web/lib/session';

export const login = (body: LoginBody) =>
  apiRequest<{ data: { user: User } }>('/users/login', { body, skipAuthHandler: true }).then(
    (r) => r.data.user,
  );

export const logout = () => apiRequest<unknown>('/users/logout', { method: 'POST', skipAuthHandler: true });

export function useLogin() {
  const { signIn } = useSession();
  return useMutation({ mutationFn: login, onSuccess: signIn });
}

export function useLogout() {
  const { signOut } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      signOut({ byUser: true });
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'settings' });
    },
  });
}

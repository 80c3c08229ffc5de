import type { ForgotPasswordBody, ResetPasswordBody } from '@shared/schemas/account';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

type Message = { status: 'success'; message?: string };

export const useForgotPassword = () =>
  useMutation({
    mutationFn: (body: ForgotPasswordBody) =>
      apiRequest<Message>('/users/forgot-password', { body, skipAuthHandler: true }),
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: ResetPasswordBody) =>
      apiRequest<Message>('/users/reset-password', { body, skipAuthHandler: true }),
  });

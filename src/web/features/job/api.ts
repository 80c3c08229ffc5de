import type { JobApplicationBody } from '@shared/schemas/leads';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const sendJobApplication = (body: JobApplicationBody) =>
  apiRequest<unknown>('/email/send-job-mail', { body });

export function useSendJobApplication() {
  return useMutation({ mutationFn: sendJobApplication });
}

import type { LeadBody } from '@shared/schemas/leads';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const sendLead = (body: LeadBody) => apiRequest<unknown>('/email/send-mail', { body });

export function useSendLead() {
  return useMutation({ mutationFn: sendLead });
}

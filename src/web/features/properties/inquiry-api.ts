import type { InquiryBody } from '@shared/schemas/inquiry';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const sendInquiry = (propertyId: string, body: InquiryBody) =>
  apiRequest<unknown>(`/property/${encodeURIComponent(propertyId)}/inquiry`, { body });

export function useSendInquiry(propertyId: string) {
  return useMutation({ mutationFn: (body: InquiryBody) => sendInquiry(propertyId, body) });
}

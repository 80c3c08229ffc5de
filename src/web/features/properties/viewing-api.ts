import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export type ViewingSlot = { start: string; end: string; seatsLeft: number };
export type ViewingSlots = { bookingMode: 'instant' | 'request'; capacity: number; slots: ViewingSlot[] };
export type ViewingRequest = { name: string; phone: string; email: string; slots: string[]; website: string };

/** The next free slots of a property: rendered by the server with the page, so the form works before JS. */
export const viewingSlotsQuery = (propertyId: string) =>
  queryOptions({
    queryKey: ['properties', propertyId, 'viewing-slots'],
    queryFn: () =>
      apiRequest<{ data: ViewingSlots }>(`/property/${encodeURIComponent(propertyId)}/viewing-slots`).then(
        (r) => r.data,
      ),
    retry: false,
  });

export const useViewingSlots = (propertyId: string) => useQuery(viewingSlotsQuery(propertyId));

export function useBookViewing(propertyId: string) {
  return useMutation({
    mutationFn: (body: ViewingRequest) =>
      apiRequest<{ message: string; data: { viewing: { status: string } } }>(
        `/property/${encodeURIComponent(propertyId)}/viewings`,
        { body },
      ),
  });
}

import type { CreateExclusivityInput, Exclusivity, ExclusivityAction } from '@shared/schemas/exclusivities';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { SentOrder } from '@web/lib/orders-api';

type Envelope<T> = { status: 'success'; data: T };

export const exclusivityKeys = {
  all: ['exclusivities'] as const,
  list: (propertyId: string) => ['exclusivities', 'list', propertyId] as const,
};

export const useExclusivities = (propertyId: string) =>
  useQuery({
    queryKey: exclusivityKeys.list(propertyId),
    queryFn: async () =>
      (
        await apiRequest<Envelope<{ exclusivities: Exclusivity[] }>>(
          `/exclusivities?propertyId=${encodeURIComponent(propertyId)}`,
        )
      ).data.exclusivities,
  });

/** Issues an exclusivity and sends it for signing at once, as an order is (the same link and signing page). */
export function useCreateAndSendExclusivity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateExclusivityInput) => {
      const created = await apiRequest<Envelope<{ exclusivity: Exclusivity }>>('/exclusivities', { body });
      const id = encodeURIComponent(created.data.exclusivity._id);
      return (await apiRequest<Envelope<SentOrder>>(`/orders/${id}/send`, { method: 'POST' })).data;
    },
    onSettled: () => client.invalidateQueries({ queryKey: exclusivityKeys.all }),
  });
}

export type LogActionInput = { date: string; action: string; note?: string; evidenceUrl?: string };

export function useLogAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: LogActionInput }) =>
      (
        await apiRequest<Envelope<{ action: ExclusivityAction }>>(
          `/exclusivities/${encodeURIComponent(id)}/actions`,
          { body },
        )
      ).data.action,
    onSettled: () => client.invalidateQueries({ queryKey: exclusivityKeys.all }),
  });
}

import type { CreateOrderInput, Order, OrderDraft } from '@shared/schemas/orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

type Envelope<T> = { status: 'success'; data: T };

/** Where an order comes from and is listed: a lead, or a property. */
export type OrderSource = { leadId: string } | { propertyId: string };

const query = (source: OrderSource) => new URLSearchParams(source).toString();

export const orderKeys = {
  all: ['orders'] as const,
  list: (source: OrderSource) => ['orders', 'list', source] as const,
  draft: (source: OrderSource) => ['orders', 'draft', source] as const,
  unsigned: ['orders', 'unsigned'] as const,
};

export const useOrders = (source: OrderSource) =>
  useQuery({
    queryKey: orderKeys.list(source),
    queryFn: async () =>
      (await apiRequest<Envelope<{ orders: Order[] }>>(`/orders?${query(source)}`)).data.orders,
  });

export const useOrderDraft = (source: OrderSource, enabled: boolean) =>
  useQuery({
    queryKey: orderKeys.draft(source),
    queryFn: async () =>
      (await apiRequest<Envelope<{ draft: OrderDraft }>>(`/orders/draft?${query(source)}`)).data.draft,
    enabled,
  });

export const useUnsignedOrders = () =>
  useQuery({
    queryKey: orderKeys.unsigned,
    queryFn: async () => (await apiRequest<Envelope<{ orders: Order[] }>>('/orders/unsigned')).data.orders,
  });

export type SentOrder = {
  order: Order;
  link: string;
  whatsappUrl: string;
  smsSent: boolean;
  expiresAt: string;
};

const sendOrder = async (id: string) =>
  (await apiRequest<Envelope<SentOrder>>(`/orders/${encodeURIComponent(id)}/send`, { method: 'POST' })).data;

/** Issues an order and sends it at once (the agent's one step on the phone). */
export function useCreateAndSendOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateOrderInput) => {
      const created = await apiRequest<Envelope<{ order: Order }>>('/orders', { body });
      return sendOrder(created.data.order._id);
    },
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

export function useSendOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendOrder,
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** An admin's revocation, with its reason. */
export function useRevokeOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: string; reason: string }) =>
      (
        await apiRequest<Envelope<{ order: Order }>>(`/orders/${encodeURIComponent(id)}/revoke`, {
          body: { reason },
        })
      ).data.order,
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

import type { PushPreferences, PushState } from '@shared/schemas/push';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import {
  currentSubscription,
  pushSupported,
  subscribeThisDevice,
  unsubscribeThisDevice,
} from '@web/lib/push-device';

export const pushKeys = { state: ['push'] as const, thisDevice: ['push', 'this-device'] as const };

export const pushStateQuery = queryOptions({
  queryKey: pushKeys.state,
  queryFn: () => apiRequest<{ data: PushState }>('/push').then((r) => r.data),
});

/** This device's endpoint when it has a subscription (null otherwise). */
export const useThisDeviceEndpoint = () =>
  useQuery({
    queryKey: pushKeys.thisDevice,
    queryFn: async () => (pushSupported() ? ((await currentSubscription())?.endpoint ?? null) : null),
  });

export function usePushState() {
  return useQuery(pushStateQuery);
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: pushKeys.state });
}

export function useTurnOn() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (publicKey: string) => subscribeThisDevice(publicKey),
    onSuccess: refresh,
  });
}

export function useTurnOff() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (state: PushState) => unsubscribeThisDevice(state.devices),
    onSuccess: refresh,
  });
}

export function useRemoveDevice() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/push/subscriptions/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export function useSavePreferences() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (preferences: PushPreferences) =>
      apiRequest('/push/preferences', { method: 'PUT', body: preferences }),
    onSuccess: refresh,
  });
}

export const sendTestPush = () =>
  apiRequest<{ data: { devices: number } }>('/push/test', { method: 'POST' }).then((r) => r.data.devices);

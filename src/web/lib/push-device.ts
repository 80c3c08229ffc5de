import type { PushDevice } from '@shared/schemas/push';
import { apiRequest } from './api-client';
import { appWorkerRegistration } from './app-worker';

/** Whether this browser can receive Web Push at all (iOS: only once the app is on the home screen). */
export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'PushManager' in window &&
  'Notification' in window &&
  'serviceWorker' in navigator;

/** This device's subscription at its push service, if notifications were turned on here. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await appWorkerRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

const keyBytes = (base64url: string) => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

export class PushPermissionDenied extends Error {}

/** Asks for permission, subscribes at the browser's push service with the server's key, and registers it. */
export async function subscribeThisDevice(publicKey: string): Promise<PushDevice> {
  const registration = await appWorkerRegistration();
  if (!registration) throw new Error('no service worker');
  if ((await Notification.requestPermission()) !== 'granted') throw new PushPermissionDenied();
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  const res = await apiRequest<{ data: { device: PushDevice } }>('/push/subscriptions', {
    body: subscription.toJSON(),
  });
  return res.data.device;
}

/**
 * Turns this device's notifications off: the server forgets it (while the session lasts, so call it before
 * signing out) and the browser drops the subscription, so the next user of this device gets none of them.
 */
export async function unsubscribeThisDevice(devices?: PushDevice[]): Promise<void> {
  const subscription = await currentSubscription().catch(() => null);
  if (!subscription) return;
  const list =
    devices ?? (await apiRequest<{ data: { devices: PushDevice[] } }>('/push').then((r) => r.data.devices));
  const mine = list?.find((device) => device.endpoint === subscription.endpoint);
  if (mine) await apiRequest(`/push/subscriptions/${mine._id}`, { method: 'DELETE' });
  await subscription.unsubscribe();
}

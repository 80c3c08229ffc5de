/// <reference lib="webworker" />
import type { PushPayload } from '@shared/schemas/push';

/** Ids of the notifications shown lately: a resend of one (after a server crash mid-send) is not shown twice. */
const SHOWN_CACHE = 'push-shown';

async function alreadyShown(id: string): Promise<boolean> {
  const cache = await caches.open(SHOWN_CACHE);
  const key = `/__push-shown/${encodeURIComponent(id)}`;
  if (await cache.match(key)) return true;
  await cache.put(key, new Response(''));
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - 200))) await cache.delete(old);
  return false;
}

export async function showPush(registration: ServiceWorkerRegistration, data: PushMessageData | null) {
  let payload: PushPayload;
  try {
    payload = data?.json() as PushPayload;
  } catch {
    return;
  }
  if (!payload?.title || (await alreadyShown(payload.id))) return;
  await registration.showNotification(payload.title, {
    body: payload.body,
    dir: 'rtl',
    lang: 'he',
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    tag: payload.id,
    data: { url: payload.url },
  });
}

/** A tap opens the notification's page: in an open window of the app when there is one, else a new one. */
export async function openFromNotification(clients: Clients, data: unknown) {
  const path = (data as { url?: string } | null)?.url ?? '/';
  const url = new URL(path.startsWith('/') ? path : '/', location.origin).href;
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === location.origin) as
    | WindowClient
    | undefined;
  if (open) {
    await open.focus();
    await open.navigate(url).catch(() => undefined);
    return;
  }
  await clients.openWindow(url);
}

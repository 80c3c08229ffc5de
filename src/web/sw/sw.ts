/// <reference lib="webworker" />
// The service worker of the installed app (built by vite-plugin-pwa from this file, docs/decisions on its
// caching policy): the app's code precached, the signed-in pages and personal reads kept for offline use and
// dropped at sign-out, pushes shown as notifications, and the offline entries sent by Background Sync.
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import {
  CLEAR_USER_DATA,
  FLUSH_OUTBOX,
  OUTBOX_CHANGED,
  OUTBOX_SYNC_TAG,
  USER_CACHES,
  WARM_PAGES,
} from '../lib/app-worker-messages';
import { flushOutbox } from '../lib/offline-outbox';
import { openFromNotification, showPush } from './push';
import { addPublicRoutes, apiReadHandler, isApiRead, isOfflinePage, pageHandler, warmPages } from './routes';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(({ request, url }) => request.mode === 'navigate' && isOfflinePage(url), pageHandler);
registerRoute(({ request, url }) => isApiRead(request, url), apiReadHandler, 'GET');
registerRoute(({ request, url }) => isApiRead(request, url), apiReadHandler, 'POST');

self.addEventListener('install', (event) => {
  // Public pages never wait for this worker to start: the browser sends them straight to the network.
  addPublicRoutes(event);
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

async function notifyClients(type: string) {
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type });
}

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | undefined)?.type;
  if (type === CLEAR_USER_DATA) {
    event.waitUntil(Promise.all(USER_CACHES.map((name) => caches.delete(name))));
  } else if (type === WARM_PAGES) {
    event.waitUntil(warmPages());
  } else if (type === FLUSH_OUTBOX) {
    event.waitUntil(flushOutbox().then(() => notifyClients(OUTBOX_CHANGED)));
  }
});

// Background Sync: the browser wakes the worker when the network is back, even with the app closed.
self.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { tag: string };
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(flushOutbox().then(() => notifyClients(OUTBOX_CHANGED)));
});

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(self.registration, event.data));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openFromNotification(self.clients, event.notification.data));
});

import { OUTBOX_CHANGED, OUTBOX_SYNC_TAG, USER_CACHES, WARM_PAGES } from './app-worker-messages';

let registered = false;

const supported = () =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator && import.meta.env.PROD;

/**
 * Registers the app's service worker, from the signed-in area only and after the page has loaded, so a
 * visitor's first paint never waits for it; then has it keep the offline pages' shells. workbox-window loads
 * then too: the public pages, which import this module for clearUserData, never download it.
 */
export function registerAppWorker() {
  if (!supported() || registered) return;
  registered = true;
  const start = () => {
    void import('workbox-window')
      .then(async ({ Workbox }) => {
        const workbox = new Workbox('/sw.js', { scope: '/' });
        workbox.addEventListener('message', (event) => {
          if ((event.data as { type?: string })?.type === OUTBOX_CHANGED)
            window.dispatchEvent(new Event(OUTBOX_CHANGED));
        });
        await workbox.register();
        await workbox.messageSW({ type: WARM_PAGES });
      })
      .catch(() => undefined);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** The worker that controls this app, once it is running (undefined without one). */
export async function appWorkerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!supported()) return undefined;
  return navigator.serviceWorker.getRegistration('/');
}

/** Deletes the signed-in user's kept pages and answers (sign-out, or another user signing in). */
export async function clearUserData() {
  if (typeof caches === 'undefined') return;
  await Promise.all(USER_CACHES.map((name) => caches.delete(name)));
}

/**
 * Asks the browser to send the offline entries when the network is back, even if the app is closed by then
 * (Background Sync, where the browser has it). Without it the app sends them when it opens or goes online.
 */
export async function requestOutboxSync() {
  const registration = await appWorkerRegistration();
  const sync = (
    registration as
      | (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
      | undefined
  )?.sync;
  await sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}

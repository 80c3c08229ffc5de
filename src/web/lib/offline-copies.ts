import { useSyncExternalStore } from 'react';

/**
 * When the answers a page shows were fetched, if the service worker served them from the device because the
 * network was out (its `x-offline-copy` header): the signed-in layout says how old they are. Cleared on
 * every page change and once a fresh answer comes.
 */
let oldest: Date | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function noteOfflineCopy(_path: string, fetchedAt: string | null) {
  if (!fetchedAt) return;
  const at = new Date(fetchedAt);
  if (Number.isNaN(at.getTime()) || (oldest && oldest <= at)) return;
  oldest = at;
  emit();
}

export function resetOfflineCopies() {
  if (!oldest) return;
  oldest = null;
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The fetch time of the oldest answer on screen that came from the device, or null. */
export const useOfflineCopyTime = () =>
  useSyncExternalStore(
    subscribe,
    () => oldest,
    () => null,
  );

const onlineSubscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** Whether the browser believes it has a network (true while rendering on the server). */
export const useOnline = () =>
  useSyncExternalStore(
    onlineSubscribe,
    () => navigator.onLine,
    () => true,
  );

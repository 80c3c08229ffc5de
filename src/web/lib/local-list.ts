import { useSyncExternalStore } from 'react';

/**
 * A short list kept in this browser's localStorage (favourites, recently viewed), newest first, shared by every
 * component and tab that shows it. The server renders it empty and hydration starts from empty too
 * (getServerSnapshot), so the HTML is the same for everyone and the saved list appears right after hydration.
 */
export type LocalList<T extends { id: string }> = {
  read: () => readonly T[];
  /** Puts the item first (replacing an older copy), keeping at most `max`. */
  add: (item: T) => void;
  remove: (id: string) => void;
  subscribe: (listener: () => void) => () => void;
};

const EMPTY: readonly never[] = [];

/** The window event a list's change raises in this tab (other tabs get the browser's 'storage' event). */
const changeEvent = (key: string) => `${key}-change`;

/** Calls the listener when the list under `key` changes, in this tab or another. */
function subscribeToKey(key: string, listener: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(changeEvent(key), listener);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(changeEvent(key), listener);
  };
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage blocked (private mode settings): the list just stays empty
  }
}

export function createLocalList<T extends { id: string }>(key: string, max: number): LocalList<T> {
  let cachedRaw: string | null = null;
  let cached: readonly T[] = EMPTY;

  const read = (): readonly T[] => {
    const raw = storage()?.getItem(key) ?? null;
    if (raw === cachedRaw) return cached;
    cachedRaw = raw;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      cached = Array.isArray(parsed)
        ? parsed.filter((item): item is T => typeof item?.id === 'string').slice(0, max)
        : EMPTY;
    } catch {
      cached = EMPTY;
    }
    return cached;
  };
  const write = (items: readonly T[]) => {
    try {
      storage()?.setItem(key, JSON.stringify(items.slice(0, max)));
    } catch {
      // Full or blocked storage: nothing is kept, and the page goes on.
    }
    window.dispatchEvent(new Event(changeEvent(key)));
  };
  return {
    read,
    add: (item) => write([item, ...read().filter((other) => other.id !== item.id)]),
    remove: (id) => write(read().filter((item) => item.id !== id)),
    subscribe: (listener) => subscribeToKey(key, listener),
  };
}

const serverSnapshot = () => EMPTY;

/** The list's items; empty on the server and during hydration. */
export function useLocalList<T extends { id: string }>(list: LocalList<T>): readonly T[] {
  return useSyncExternalStore(list.subscribe, list.read, serverSnapshot);
}

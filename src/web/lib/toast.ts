import type { ReactNode } from 'react';
import type { ToastOptions } from 'react-toastify';

type Toastify = typeof import('react-toastify');

/**
 * The app's toasts, with react-toastify (and its styles, ~10 KB) loaded on the first toast rather than with
 * every page: a visitor who is never shown one never downloads it. A toast asked for before the library and its
 * container are there is queued by the library and shown when the container mounts (app/layouts/toasts.tsx).
 */
let library: Toastify | undefined;
let loading: Promise<Toastify> | undefined;
const listeners = new Set<() => void>();

export function loadToasts(): Promise<Toastify> {
  loading ??= import('react-toastify').then((loaded) => {
    library = loaded;
    for (const listener of listeners) listener();
    return loaded;
  });
  return loading;
}

/** The library once loaded (the container renders from it), for useSyncExternalStore. */
export const toastLibrary = {
  get: () => library,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

const show =
  (kind: 'success' | 'error' | 'info') =>
  (content: ReactNode, options?: ToastOptions): void => {
    void loadToasts().then((loaded) => loaded.toast[kind](content, options));
  };

export const toast = { success: show('success'), error: show('error'), info: show('info') };

import { useSyncExternalStore } from 'react';

type InstallPromptEvent = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: string }> };

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** Keeps Chromium's install offer for the profile page's install button (listening from the first load). */
export function listenForInstallPrompt() {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    emit();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The browser's install offer, or null where it has none (iOS, or already installed). */
export function useInstallPrompt() {
  const offer = useSyncExternalStore(
    subscribe,
    () => deferred,
    () => null,
  );
  const install = async () => {
    if (!offer) return;
    await offer.prompt();
    await offer.userChoice.catch(() => undefined);
    deferred = null;
    emit();
  };
  return { canInstall: offer !== null, install };
}

/** Running as the installed app (standalone), not in a browser tab. */
export const isInstalledApp = () =>
  typeof window !== 'undefined' &&
  (window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true);

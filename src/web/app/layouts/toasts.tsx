import { he } from '@web/i18n/he';
import { toastLibrary } from '@web/lib/toast';
import { useSyncExternalStore } from 'react';
import { ToastCloseButton } from './toast-close-button';

const none = () => undefined;

/**
 * The app-wide toasts (top-center, RTL, 3 s, pause on hover), rendered once the first toast has loaded the
 * library (lib/toast.ts); until then nothing, on the server and in the browser alike, so hydration matches.
 */
export function Toasts() {
  const library = useSyncExternalStore(toastLibrary.subscribe, toastLibrary.get, none);
  if (!library) return null;
  const { Bounce, ToastContainer } = library;
  return (
    <ToastContainer
      aria-label={he.toasts.region}
      closeButton={ToastCloseButton}
      position="top-center"
      rtl
      autoClose={3000}
      pauseOnHover
      newestOnTop
      transition={Bounce}
    />
  );
}

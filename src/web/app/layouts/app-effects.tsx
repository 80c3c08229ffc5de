import { useQueryClient } from '@tanstack/react-query';
import { phoneApp } from '@web/i18n/phone-app';
import { registerAppWorker } from '@web/lib/app-worker';
import { OUTBOX_CHANGED } from '@web/lib/app-worker-messages';
import { resetOfflineCopies } from '@web/lib/offline-copies';
import { toast } from '@web/lib/toast';
import { useFlushOutbox } from '@web/lib/use-outbox';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * What the signed-in area does in the background as an installed app: registers the service worker, sends
 * the entries kept offline when it opens and whenever the network comes back, refreshes the page's data
 * when the worker sent them (Background Sync), and forgets "shown from the device" on a new page.
 */
export function AppEffects({ userId }: { userId: string }) {
  const flush = useFlushOutbox(userId);
  const queryClient = useQueryClient();
  const { pathname } = useLocation();

  useEffect(() => registerAppWorker(), []);

  useEffect(() => {
    let again: ReturnType<typeof setTimeout> | undefined;
    const send = async () => {
      clearTimeout(again);
      const result = await flush().catch(() => undefined);
      if (result?.sent) toast.success(phoneApp.pending.sentLater(result.sent));
      // The server could not take them now (its database restarting): try again when it said to.
      if (result?.waiting && result.retryAfterMs !== undefined)
        again = setTimeout(() => void send(), result.retryAfterMs);
    };
    const onOnline = () => {
      resetOfflineCopies();
      void send();
    };
    const onWorkerSent = () => void queryClient.invalidateQueries();
    void send();
    window.addEventListener('online', onOnline);
    navigator.serviceWorker?.addEventListener('message', (event) => {
      if ((event.data as { type?: string })?.type === OUTBOX_CHANGED) onWorkerSent();
    });
    return () => {
      clearTimeout(again);
      window.removeEventListener('online', onOnline);
    };
  }, [flush, queryClient]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page starts without offline copies
  useEffect(() => resetOfflineCopies(), [pathname]);
  return null;
}

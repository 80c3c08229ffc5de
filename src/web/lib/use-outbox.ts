import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { OUTBOX_CHANGED } from './app-worker-messages';
import { type FlushResult, flushOutbox, type OutboxEntry, outboxOf } from './offline-outbox';

/** Tells every part of the page that the offline entries changed (added, sent, refused, removed). */
export const announceOutboxChange = () => window.dispatchEvent(new Event(OUTBOX_CHANGED));

/** A user's offline entries, kept current as they are added, sent or refused (here or by the service worker). */
export function useOutbox(userId: string | undefined) {
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const reload = useCallback(async () => {
    if (!userId || typeof indexedDB === 'undefined') return setEntries([]);
    setEntries(await outboxOf(userId).catch(() => []));
  }, [userId]);
  useEffect(() => {
    void reload();
    const onChange = () => void reload();
    window.addEventListener(OUTBOX_CHANGED, onChange);
    return () => window.removeEventListener(OUTBOX_CHANGED, onChange);
  }, [reload]);
  return entries;
}

let flushing: Promise<FlushResult> | undefined;

/**
 * Sends the user's waiting entries (one flush at a time in this page) and refreshes every query when any
 * went, so the day's figures and the ranking show them.
 */
export function useFlushOutbox(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useCallback(async (): Promise<FlushResult | undefined> => {
    if (!userId || typeof indexedDB === 'undefined') return undefined;
    flushing ??= flushOutbox(userId).finally(() => {
      flushing = undefined;
    });
    const result = await flushing;
    if (result.sent > 0 || result.refused > 0) {
      announceOutboxChange();
      await queryClient.invalidateQueries();
    }
    return result;
  }, [userId, queryClient]);
}

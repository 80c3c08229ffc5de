import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { phoneApp } from '@web/i18n/phone-app';
import { useOnline } from '@web/lib/offline-copies';
import { type OutboxEntry, removeFromOutbox } from '@web/lib/offline-outbox';
import { toast } from '@web/lib/toast';
import { announceOutboxChange, useFlushOutbox, useOutbox } from '@web/lib/use-outbox';
import { CloudOff, TriangleAlert } from 'lucide-react';
import { type ReactNode, useState } from 'react';

const t = phoneApp.pending;

/**
 * Writes kept on this device (the offline outbox): each waits to be sent ("ממתין לשליחה") or was refused by the
 * server, with its Hebrew reason; a refused one can be put back in its form to fix, and any can be discarded.
 * The daily entries and a lead's activities show their own entries through it.
 */
export function PendingOutbox({
  userId,
  shows,
  title,
  titleId,
  heading: Heading,
  details,
  refusedFallback,
  onFix,
  rowClassName = '',
}: {
  userId: string;
  /** Which of the user's entries this list shows. */
  shows: (entry: OutboxEntry) => boolean;
  title: string;
  titleId: string;
  heading: 'h2' | 'h3';
  /** The entry's own lines (what it would write). */
  details: (entry: OutboxEntry) => ReactNode;
  /** The reason shown when the server refused without one. */
  refusedFallback: string;
  /** A refused entry, already removed, back to its form. */
  onFix: (entry: OutboxEntry) => void;
  rowClassName?: string;
}) {
  const entries = useOutbox(userId).filter(shows);
  const online = useOnline();
  const flush = useFlushOutbox(userId);
  const [discarding, setDiscarding] = useState<OutboxEntry>();
  if (entries.length === 0) return null;
  const remove = async (entry: OutboxEntry) => {
    await removeFromOutbox(entry.key);
    announceOutboxChange();
  };
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-amber-300 bg-amber-50 p-4">
      <Heading id={titleId} className="mb-2 font-semibold text-amber-950">
        {title}
      </Heading>
      <ul className="flex flex-col gap-3">
        {entries.map((entry) => {
          const refused = entry.state === 'refused';
          return (
            <li key={entry.key} className={`flex flex-col gap-2 rounded-lg bg-white p-3 ${rowClassName}`}>
              <div className="flex-1">
                {details(entry)}
                <p
                  className={`mt-1 flex items-center gap-1 text-sm font-semibold ${refused ? 'text-red-800' : 'text-amber-900'}`}
                >
                  {refused ? (
                    <TriangleAlert aria-hidden="true" size={16} />
                  ) : (
                    <CloudOff aria-hidden="true" size={16} />
                  )}
                  {refused ? t.refusedBecause(entry.error ?? refusedFallback) : t.waiting}
                </p>
              </div>
              <div className="flex gap-2">
                {refused && (
                  <Button
                    variant="secondary"
                    className="min-h-11"
                    onClick={async () => {
                      await remove(entry);
                      onFix(entry);
                    }}
                  >
                    {t.fix}
                  </Button>
                )}
                <Button variant="secondary" className="min-h-11" onClick={() => setDiscarding(entry)}>
                  {t.discard}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {online && entries.some((entry) => entry.state === 'pending') && (
        <Button className="mt-3 min-h-11" onClick={() => void flush()}>
          {t.sendNow}
        </Button>
      )}
      <ConfirmDialog
        open={discarding !== undefined}
        message={t.discardConfirm}
        confirmLabel={t.discard}
        danger
        onConfirm={async () => {
          if (discarding) await remove(discarding);
          setDiscarding(undefined);
          toast.info(t.discarded);
        }}
        onCancel={() => setDiscarding(undefined)}
      />
    </section>
  );
}

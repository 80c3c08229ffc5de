import { METRIC_KEYS, type MetricKey } from '@shared/domain/metrics';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { performance as hePerformance } from '@web/i18n/performance';
import { phoneApp } from '@web/i18n/phone-app';
import { useOnline } from '@web/lib/offline-copies';
import { type OutboxEntry, removeFromOutbox } from '@web/lib/offline-outbox';
import { announceOutboxChange, useFlushOutbox, useOutbox } from '@web/lib/use-outbox';
import { CloudOff, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';

const t = phoneApp.pending;
export type IndicatorBody = Partial<Record<MetricKey, number>> & { agent: string[]; createdAt: string };

const figures = (body: IndicatorBody) =>
  METRIC_KEYS.filter((key) => (body[key] ?? 0) > 0)
    .map((key) => `${hePerformance.metrics[key]} ${body[key]}`)
    .join(', ');

/**
 * The daily entries kept on this device: each waits to be sent ("ממתין לשליחה") or was refused by the server,
 * with its Hebrew reason; a refused one can be put back in the form to fix, and any can be discarded.
 */
export function PendingEntries({ userId, onFix }: { userId: string; onFix: (body: IndicatorBody) => void }) {
  const entries = useOutbox(userId).filter((entry) => entry.kind === 'indicator');
  const online = useOnline();
  const flush = useFlushOutbox(userId);
  const [discarding, setDiscarding] = useState<OutboxEntry>();
  if (entries.length === 0) return null;
  const remove = async (entry: OutboxEntry) => {
    await removeFromOutbox(entry.key);
    announceOutboxChange();
  };
  return (
    <section aria-labelledby="pending-title" className="rounded-2xl border border-amber-300 bg-amber-50 p-4">
      <h2 id="pending-title" className="mb-2 font-semibold text-amber-950">
        {t.title}
      </h2>
      <ul className="flex flex-col gap-3">
        {entries.map((entry) => {
          const body = entry.body as IndicatorBody;
          const refused = entry.state === 'refused';
          return (
            <li
              key={entry.key}
              className="flex flex-col gap-2 rounded-lg bg-white p-3 sm:flex-row sm:items-center"
            >
              <div className="flex-1">
                <p className="font-medium">{t.summary(body.createdAt)}</p>
                <p className="text-sm text-slate-700">{figures(body) || hePerformance.daily.recordedNone}</p>
                <p
                  className={`mt-1 flex items-center gap-1 text-sm font-semibold ${refused ? 'text-red-800' : 'text-amber-900'}`}
                >
                  {refused ? (
                    <TriangleAlert aria-hidden="true" size={16} />
                  ) : (
                    <CloudOff aria-hidden="true" size={16} />
                  )}
                  {refused ? t.refusedBecause(entry.error ?? hePerformance.daily.failure) : t.waiting}
                </p>
              </div>
              <div className="flex gap-2">
                {refused && (
                  <Button
                    variant="secondary"
                    className="min-h-11"
                    onClick={async () => {
                      await remove(entry);
                      onFix(body);
                      toast.info(t.fixing);
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

import { ACTIVITY_KIND_LABELS, type ActivityKind } from '@shared/domain/activities';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { phoneApp } from '@web/i18n/phone-app';
import { pipeline } from '@web/i18n/pipeline';
import { useOnline } from '@web/lib/offline-copies';
import { type OutboxEntry, removeFromOutbox } from '@web/lib/offline-outbox';
import { announceOutboxChange, useFlushOutbox, useOutbox } from '@web/lib/use-outbox';
import { CloudOff, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import type { ActivityDraft } from './activity-form';
import { formatDateTime } from './format';

const t = phoneApp.pending;

/** An activity as the outbox keeps it: the body the lead page would have posted. */
type ActivityBody = Record<string, unknown> & { kind: ActivityKind; note?: string; occurredAt?: string };

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** A refused activity's body back as the form's fields, to fix and send again (as a new activity). */
export function draftOfBody(body: ActivityBody): ActivityDraft {
  return {
    note: text(body.note),
    occurredAt: text(body.occurredAt),
    amount: text(body.amount),
    price: text(body.price),
    commission: text(body.commission),
    secondAgentId: text(body.secondAgentId),
    secondAgentCommission: text(body.secondAgentCommission),
  };
}

/**
 * The activities of this lead kept on the device: each waits to be sent ("ממתין לשליחה") or was refused by
 * the server, with its Hebrew reason; a refused one can be put back in the form to fix, and any discarded.
 */
export function PendingActivities({
  userId,
  path,
  onFix,
}: {
  userId: string;
  /** The lead's activities path: only this lead's entries are shown. */
  path: string;
  onFix: (body: ActivityBody) => void;
}) {
  const entries = useOutbox(userId).filter((entry) => entry.kind === 'activity' && entry.path === path);
  const online = useOnline();
  const flush = useFlushOutbox(userId);
  const [discarding, setDiscarding] = useState<OutboxEntry>();
  if (entries.length === 0) return null;
  const remove = async (entry: OutboxEntry) => {
    await removeFromOutbox(entry.key);
    announceOutboxChange();
  };
  return (
    <section
      aria-labelledby="pending-activities-title"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-4"
    >
      <h3 id="pending-activities-title" className="mb-2 font-semibold text-amber-950">
        {t.activitiesTitle}
      </h3>
      <ul className="flex flex-col gap-3">
        {entries.map((entry) => {
          const body = entry.body as ActivityBody;
          const refused = entry.state === 'refused';
          return (
            <li key={entry.key} className="flex flex-col gap-2 rounded-lg bg-white p-3">
              <div>
                <p className="font-medium">
                  {ACTIVITY_KIND_LABELS[body.kind]} · {formatDateTime(entry.createdAt)}
                </p>
                {body.note ? <p className="text-sm text-slate-700">{body.note}</p> : null}
                <p
                  className={`mt-1 flex items-center gap-1 text-sm font-semibold ${refused ? 'text-red-800' : 'text-amber-900'}`}
                >
                  {refused ? (
                    <TriangleAlert aria-hidden="true" size={16} />
                  ) : (
                    <CloudOff aria-hidden="true" size={16} />
                  )}
                  {refused ? t.refusedBecause(entry.error ?? pipeline.log.failed) : t.waiting}
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

import { ACTIVITY_KIND_LABELS, type ActivityKind } from '@shared/domain/activities';
import { PendingOutbox } from '@web/components/pending-outbox';
import { phoneApp } from '@web/i18n/phone-app';
import { pipeline } from '@web/i18n/pipeline';
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
    buyerSideFee: text(body.buyerSideFee),
    buyerSideFeeIncludesVat: body.buyerSideFeeIncludesVat ? 'yes' : '',
    sellerSideFee: text(body.sellerSideFee),
    sellerSideFeeIncludesVat: body.sellerSideFeeIncludesVat ? 'yes' : '',
    secondAgentId: text(body.secondAgentId),
    secondAgentCommission: text(body.secondAgentCommission),
    noOrderReason: text(body.noOrderReason),
  };
}

/** This lead's activities kept on the device (the offline outbox), to send, fix or discard. */
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
  return (
    <PendingOutbox
      userId={userId}
      shows={(entry) => entry.kind === 'activity' && entry.path === path}
      title={t.activitiesTitle}
      titleId="pending-activities-title"
      heading="h3"
      refusedFallback={pipeline.log.failed}
      onFix={(entry) => onFix(entry.body as ActivityBody)}
      details={(entry) => {
        const body = entry.body as ActivityBody;
        return (
          <>
            <p className="font-medium">
              {ACTIVITY_KIND_LABELS[body.kind]} · {formatDateTime(entry.createdAt)}
            </p>
            {body.note ? <p className="text-sm text-slate-700">{body.note}</p> : null}
          </>
        );
      }}
    />
  );
}

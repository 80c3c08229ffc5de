import { METRIC_KEYS, type MetricKey } from '@shared/domain/metrics';
import { PendingOutbox } from '@web/components/pending-outbox';
import { performance as hePerformance } from '@web/i18n/performance';
import { phoneApp } from '@web/i18n/phone-app';
import { toast } from '@web/lib/toast';

const t = phoneApp.pending;
export type IndicatorBody = Partial<Record<MetricKey, number>> & { agent: string[]; createdAt: string };

const figures = (body: IndicatorBody) =>
  METRIC_KEYS.filter((key) => (body[key] ?? 0) > 0)
    .map((key) => `${hePerformance.metrics[key]} ${body[key]}`)
    .join(', ');

/** The daily entries kept on this device (the offline outbox), to send, fix or discard. */
export function PendingEntries({ userId, onFix }: { userId: string; onFix: (body: IndicatorBody) => void }) {
  return (
    <PendingOutbox
      userId={userId}
      shows={(entry) => entry.kind === 'indicator'}
      title={t.title}
      titleId="pending-title"
      heading="h2"
      refusedFallback={hePerformance.daily.failure}
      rowClassName="sm:flex-row sm:items-center"
      onFix={(entry) => {
        onFix(entry.body as IndicatorBody);
        toast.info(t.fixing);
      }}
      details={(entry) => {
        const body = entry.body as IndicatorBody;
        return (
          <>
            <p className="font-medium">{t.summary(body.createdAt)}</p>
            <p className="text-sm text-slate-700">{figures(body) || hePerformance.daily.recordedNone}</p>
          </>
        );
      }}
    />
  );
}

import { formatDate } from '@shared/domain/israel-time';
import { METRIC_KEYS, type MetricKey } from '@shared/domain/metrics';
import { paths } from '@shared/paths';
import type { Indicator } from '@shared/schemas/indicator';
import { Button } from '@web/components/button';
import { ScrollRegion, StickyCaption, stickyColumn } from '@web/components/scroll-region';
import { performance as hePerformance } from '@web/i18n/performance';
import { pipeline } from '@web/i18n/pipeline';
import { Link2, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { MetricInput } from './metric-input';

const t = hePerformance;

type Props = {
  indicators: Indicator[];
  canEdit: boolean;
  editing: boolean;
  drafts: Record<string, Record<MetricKey, string>>;
  onDraft(id: string, key: MetricKey, value: string): void;
  onDelete(id: string): void;
};

/**
 * The month's daily statuses, newest first; admins edit them all at once or delete one. A figure that came from
 * a lead's activity is marked and links to its lead: it is corrected there, never here. Wider than a phone: it
 * scrolls sideways under its date column.
 */
export function DailyStatusTable({ indicators, canEdit, editing, drafts, onDraft, onDelete }: Props) {
  return (
    <ScrollRegion label={t.personal.dailyStatus}>
      <table className="w-full min-w-[40rem] text-start">
        <StickyCaption>{t.personal.dailyStatus}</StickyCaption>
        <thead className="bg-brand-50 text-sm">
          <tr>
            <th scope="col" className={`p-2 text-start ${stickyColumn('bg-brand-50')}`}>
              {t.common.date}
            </th>
            {METRIC_KEYS.map((key) => (
              <th key={key} scope="col" className="p-2 text-start">
                {t.metrics[key]}
              </th>
            ))}
            {canEdit && (
              <th scope="col" className="p-2 text-start">
                {t.personal.actions}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {indicators.length === 0 && (
            <tr>
              <td colSpan={METRIC_KEYS.length + 2} className="p-4 text-center text-slate-600">
                {t.common.noData}
              </td>
            </tr>
          )}
          {indicators.map((row) => {
            const date = formatDate(new Date(row.createdAt));
            const fromActivity = row.activity ?? null;
            return (
              <tr key={row._id} className="border-t border-slate-100">
                <th scope="row" className={`p-2 text-start font-medium whitespace-nowrap ${stickyColumn()}`}>
                  {date}
                  {fromActivity && (
                    <span className="ms-2 inline-block rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-900">
                      {pipeline.dailyStatus.fromActivity}
                    </span>
                  )}
                </th>
                {METRIC_KEYS.map((key) => (
                  <td key={key} className="p-2">
                    {editing && !fromActivity ? (
                      <MetricInput
                        label={t.personal.fieldLabel(t.metrics[key], date)}
                        value={drafts[row._id]?.[key] ?? String(row[key])}
                        onChange={(value) => onDraft(row._id, key, value)}
                      />
                    ) : (
                      row[key]
                    )}
                  </td>
                ))}
                {canEdit && fromActivity && (
                  <td className="p-2">
                    <Link
                      to={paths.leadView(fromActivity.leadId)}
                      aria-label={pipeline.dailyStatus.toLead(date)}
                      title={pipeline.dailyStatus.lockedNote}
                      className="inline-flex min-h-8 items-center gap-1 rounded-lg border border-brand-700 px-2 py-1 text-sm text-brand-800"
                    >
                      <Link2 aria-hidden="true" size={16} />
                    </Link>
                  </td>
                )}
                {canEdit && !fromActivity && (
                  <td className="p-2">
                    <Button
                      variant="danger"
                      className="px-2 py-1"
                      aria-label={t.personal.deleteLabel(date)}
                      title={t.personal.delete}
                      onClick={() => onDelete(row._id)}
                    >
                      <Trash2 aria-hidden="true" size={16} />
                    </Button>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

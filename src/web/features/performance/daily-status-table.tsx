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
import { dayRowsOf } from './day-rows';
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
 * The month's daily statuses, one row per day, newest first: the day's typed entry and the figures its lead
 * activities recorded, summed and marked as such (each metric says how much came from activities). Admins edit
 * the typed entries all at once or delete one; a figure from an activity links to its lead and is corrected
 * there, never here. Wider than a phone: it
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
          {dayRowsOf(indicators).map((day) => {
            const date = formatDate(new Date(day.createdAt));
            const several = day.typed.length > 1;
            const entryLabel = (i: number) => (several ? t.personal.entryOf(date, i + 1) : date);
            return (
              <tr key={day.date} className="border-t border-slate-100">
                <th scope="row" className={`p-2 text-start font-medium whitespace-nowrap ${stickyColumn()}`}>
                  {date}
                  {day.activities.length > 0 && (
                    <span className="ms-2 inline-block rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-900">
                      {pipeline.dailyStatus.fromActivities(day.activities.length)}
                    </span>
                  )}
                </th>
                {METRIC_KEYS.map((key) => (
                  <td key={key} className="p-2">
                    {editing && day.typed.length > 0 ? (
                      <div className="flex flex-col gap-1">
                        {day.typed.map((row, i) => (
                          <MetricInput
                            key={row._id}
                            label={t.personal.fieldLabel(t.metrics[key], entryLabel(i))}
                            value={drafts[row._id]?.[key] ?? String(row[key])}
                            onChange={(value) => onDraft(row._id, key, value)}
                          />
                        ))}
                      </div>
                    ) : (
                      day.totals[key]
                    )}
                    {day.fromActivities[key] > 0 && (
                      <span className="block text-xs text-sky-900">
                        {pipeline.dailyStatus.ofWhich(day.fromActivities[key])}
                      </span>
                    )}
                  </td>
                ))}
                {canEdit && (
                  <td className="p-2">
                    <div className="flex flex-wrap gap-1">
                      {day.typed.map((row, i) => (
                        <Button
                          key={row._id}
                          variant="danger"
                          className="px-2 py-1"
                          aria-label={t.personal.deleteLabel(entryLabel(i))}
                          title={t.personal.delete}
                          onClick={() => onDelete(row._id)}
                        >
                          <Trash2 aria-hidden="true" size={16} />
                        </Button>
                      ))}
                      {[...new Set(day.activities.map((a) => a.leadId))].map((leadId) => (
                        <Link
                          key={leadId}
                          to={paths.leadView(leadId)}
                          aria-label={pipeline.dailyStatus.toLead(date)}
                          title={pipeline.dailyStatus.lockedNote}
                          className="inline-flex min-h-8 items-center gap-1 rounded-lg border border-brand-700 px-2 py-1 text-sm text-brand-800"
                        >
                          <Link2 aria-hidden="true" size={16} />
                        </Link>
                      ))}
                    </div>
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

import { israelDate } from '@shared/domain/israel-time';
import { METRIC_KEYS } from '@shared/domain/metrics';
import type { Indicator } from '@shared/schemas/indicator';
import { useQuery } from '@tanstack/react-query';
import { performance as hePerformance } from '@web/i18n/performance';
import { monthIndicatorsQuery } from './api';
import { typedEntries } from './day-rows';

const t = hePerformance.daily;

/** The agent's rows recorded on one Israel day (YYYY-MM-DD), from that month's list. */
export function useDayRows(agentId: string, date: string) {
  const [year, month] = date.split('-').map(Number);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const query = useQuery({
    ...monthIndicatorsQuery(agentId, { year: year ?? 0, month: month ?? 0 }),
    enabled: valid && agentId !== '',
  });
  const rows = valid ? (query.data ?? []).filter((row) => israelDate(new Date(row.createdAt)) === date) : [];
  return { rows, loaded: !valid || query.isSuccess };
}

/**
 * What is already recorded for the chosen day: the sum of that day's rows, metric by metric, the entries typed by
 * hand counted apart from the figures its lead activities recorded.
 */
export function DayRecorded({ date, rows, loaded }: { date: string; rows: Indicator[]; loaded: boolean }) {
  if (!loaded) return null;
  const typed = typedEntries(rows).length;
  const activities = rows.length - typed;
  return (
    <section aria-labelledby="day-recorded" className="rounded-xl bg-slate-50 p-4" aria-live="polite">
      <h2 id="day-recorded" className="mb-2 font-semibold text-slate-800">
        {t.recordedTitle(date)}
      </h2>
      {rows.length === 0 ? (
        <p className="text-slate-700">{t.recordedNone}</p>
      ) : (
        <>
          <p className="mb-2 text-slate-700">
            {typed > 0 ? t.recordedEntries(typed) : t.recordedNone}
            {activities > 0 && ` ${t.recordedActivities(activities)}`}
          </p>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
            {METRIC_KEYS.map((key) => (
              <div key={key} className="flex justify-between gap-2">
                <dt className="text-slate-600">{hePerformance.metrics[key]}</dt>
                <dd className="font-semibold text-slate-900">
                  {rows.reduce((sum, row) => sum + row[key], 0)}
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}

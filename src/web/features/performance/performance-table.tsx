import { METRIC_KEYS, type MetricKey } from '@shared/domain/metrics';
import { isOnTarget } from '@shared/domain/performance';
import type { MetricPerformance } from '@shared/schemas/goal';
import { he } from '@web/i18n/he';
import { formatNumber } from '@web/lib/format';

const t = he.performance.common;

export function PercentageCell({ value }: { value: number | null }) {
  if (value === null) return <span className="text-slate-600">{t.noGoal}</span>;
  return (
    <span className={`font-semibold ${isOnTarget(value) ? 'text-green-700' : 'text-red-700'}`}>
      <bdi>{formatNumber(value)}%</bdi>
    </span>
  );
}

/** Per metric: actual, goal, percentage (green from 100, red below) and forecast. */
export function PerformanceTable({
  title,
  figures,
}: {
  title: string;
  figures: Record<MetricKey, MetricPerformance>;
}) {
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm">
      <table className="w-full min-w-[32rem] text-start">
        <caption className="p-3 text-start text-lg font-bold text-brand-900">{title}</caption>
        <thead className="bg-brand-50 text-sm">
          <tr>
            <th scope="col" className="p-2 text-start">
              {t.metric}
            </th>
            <th scope="col" className="p-2 text-start">
              {t.actual}
            </th>
            <th scope="col" className="p-2 text-start">
              {t.goal}
            </th>
            <th scope="col" className="p-2 text-start">
              {t.percentage}
            </th>
            <th scope="col" className="p-2 text-start">
              {t.forecast}
            </th>
          </tr>
        </thead>
        <tbody>
          {METRIC_KEYS.map((key) => {
            const f = figures[key];
            return (
              <tr key={key} className="border-t border-slate-100">
                <th scope="row" className="p-2 text-start font-medium">
                  {he.performance.metrics[key]}
                </th>
                <td className="p-2">{formatNumber(f.actual)}</td>
                <td className="p-2">{f.goal === null ? t.noGoal : formatNumber(f.goal)}</td>
                <td className="p-2">
                  <PercentageCell value={f.percentage} />
                </td>
                <td className="p-2">{formatNumber(f.forecast)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

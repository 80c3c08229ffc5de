import { METRIC_KEYS, type MetricKey } from '@shared/domain/metrics';
import { isOnTarget } from '@shared/domain/performance';
import type { MetricPerformance, PerformanceMoney } from '@shared/schemas/goal';
import { ScrollRegion, StickyCaption, stickyColumn } from '@web/components/scroll-region';
import { performance as hePerformance } from '@web/i18n/performance';
import { formatAgorot, formatNumber } from '@web/lib/format';

const t = hePerformance.common;

export function PercentageCell({ value }: { value: number | null }) {
  if (value === null) return <span className="text-slate-600">{t.noGoal}</span>;
  return (
    <span className={`font-semibold ${isOnTarget(value) ? 'text-green-700' : 'text-red-700'}`}>
      <bdi>{formatNumber(value)}%</bdi>
    </span>
  );
}

const cell = 'px-2 py-2 sm:px-3';

/**
 * Per metric: actual, goal, percentage (green from 100, red below) and forecast; then, when given, the money
 * of the month: deals with a share (the deals row counts a deal once, for its main agent) and the commission in
 * ₪ with its forecast, neither with a goal. Five narrow columns fit a
 * 390 px phone, so the percentage and the forecast are always in view; on a narrower screen the table scrolls
 * under its metric column.
 */
export function PerformanceTable({
  title,
  figures,
}: {
  title: string;
  figures: Record<MetricKey, MetricPerformance> & { money?: PerformanceMoney };
}) {
  const money = figures.money;
  return (
    <ScrollRegion label={title}>
      <table className="w-full text-start text-sm sm:text-base">
        <StickyCaption>{title}</StickyCaption>
        <thead className="bg-brand-50 text-sm">
          <tr>
            <th scope="col" className={`${cell} text-start ${stickyColumn('bg-brand-50')}`}>
              {t.metric}
            </th>
            <th scope="col" className={`${cell} text-start`}>
              {t.actual}
            </th>
            <th scope="col" className={`${cell} text-start`}>
              {t.goal}
            </th>
            <th scope="col" className={`${cell} text-start`}>
              {t.percentage}
            </th>
            <th scope="col" className={`${cell} text-start`}>
              {t.forecast}
            </th>
          </tr>
        </thead>
        <tbody>
          {METRIC_KEYS.map((key) => {
            const f = figures[key];
            return (
              <tr key={key} className="border-t border-slate-100">
                <th scope="row" className={`${cell} text-start font-medium ${stickyColumn()}`}>
                  {hePerformance.metrics[key]}
                </th>
                <td className={cell}>{formatNumber(f.actual)}</td>
                <td className={cell}>{f.goal === null ? t.noGoal : formatNumber(f.goal)}</td>
                <td className={cell}>
                  <PercentageCell value={f.percentage} />
                </td>
                <td className={cell}>{formatNumber(f.forecast)}</td>
              </tr>
            );
          })}
          {money && (
            <>
              <MoneyRow label={t.sharedDeals} {...money.sharedDeals} show={formatNumber} />
              <MoneyRow label={t.commission} {...money.commission} show={formatAgorot} />
            </>
          )}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function MoneyRow({
  label,
  actual,
  forecast,
  show,
}: {
  label: string;
  actual: number;
  forecast: number;
  show: (value: number) => string;
}) {
  return (
    <tr className="border-t border-slate-100">
      <th scope="row" className={`${cell} text-start font-medium ${stickyColumn()}`}>
        {label}
      </th>
      <td className={cell}>
        <bdi>{show(actual)}</bdi>
      </td>
      <td className={cell}>{t.noGoal}</td>
      <td className={cell}>
        <PercentageCell value={null} />
      </td>
      <td className={cell}>
        <bdi>{show(forecast)}</bdi>
      </td>
    </tr>
  );
}

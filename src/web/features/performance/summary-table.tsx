import { METRIC_KEYS, TOTAL_KEYS } from '@shared/domain/metrics';
import type { Summary } from '@shared/schemas/indicator';
import { performance as hePerformance } from '@web/i18n/performance';
import { formatNumber } from '@web/lib/format';

/** A summary (weekly or overall): one total per metric. */
export function SummaryTable({ title, summary }: { title: string; summary: Summary | undefined }) {
  return (
    <div className="rounded-xl bg-white shadow-sm">
      <table className="w-full text-start">
        <caption className="p-3 text-start text-lg font-bold text-brand-900">{title}</caption>
        <tbody>
          {METRIC_KEYS.map((key) => (
            <tr key={key} className="border-t border-slate-100">
              <th scope="row" className="p-2 text-start font-medium">
                {hePerformance.metrics[key]}
              </th>
              <td className="p-2">{summary ? formatNumber(summary[TOTAL_KEYS[key]]) : '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import type { MonthlyReport, ReportContact } from '@shared/schemas/report-contact';
import { ScrollRegion, stickyColumn } from '@web/components/scroll-region';
import { reports as heReports } from '@web/i18n/reports';
import { formatDate, formatNumber } from '@web/lib/format';

const t = heReports;
const cell = 'border-b border-slate-200 px-3 py-2 text-start';

/** The statuses of a monthly check, or 'אין סטטוסים'. */
export function StatusesTable({ statuses }: { statuses: ReportContact[] }) {
  if (statuses.length === 0) return <p className="py-4 text-slate-600">{t.noStatuses}</p>;
  return (
    <ScrollRegion label={t.statusesCaption} className="relative">
      <table className="w-full min-w-[36rem] border-collapse bg-white text-sm">
        <caption className="sr-only">{t.statusesCaption}</caption>
        <thead className="bg-brand-50 text-brand-900">
          <tr>
            <th scope="col" className={`${cell} ${stickyColumn('bg-brand-50')}`}>
              {t.statusDate}
            </th>
            <th scope="col" className={cell}>
              {t.clientName}
            </th>
            <th scope="col" className={cell}>
              {t.property}
            </th>
            <th scope="col" className={cell}>
              {t.visits}
            </th>
            <th scope="col" className={cell}>
              {t.views}
            </th>
            <th scope="col" className={cell}>
              {t.inquiries}
            </th>
            <th scope="col" className={cell}>
              {t.note}
            </th>
          </tr>
        </thead>
        <tbody>
          {statuses.map((s) => (
            <tr key={s._id}>
              <td className={`${cell} whitespace-nowrap ${stickyColumn()}`}>{formatDate(s.statusDate)}</td>
              <td className={cell}>{s.clientName}</td>
              <td className={cell}>{s.exclusiveProperty}</td>
              <td className={cell}>{formatNumber(s.visits)}</td>
              <td className={cell}>{formatNumber(s.views)}</td>
              <td className={cell}>{formatNumber(s.inquiries)}</td>
              <td className={`${cell} whitespace-pre-line`}>{s.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** reportCount against recommendedCount: green when the month is covered, red otherwise. */
export function MonthlyResult({ report }: { report: MonthlyReport }) {
  const enough = report.reportCount >= report.recommendedCount;
  return (
    <div className="flex flex-col gap-3" aria-live="polite">
      <p
        data-testid="monthly-count"
        className={`self-start rounded-lg px-4 py-2 text-lg font-bold ${
          enough ? 'bg-green-100 text-green-900' : 'bg-red-100 text-red-900'
        }`}
      >
        {t.countOf(report.reportCount, report.recommendedCount)}
      </p>
      <p className="text-sm text-slate-600">{t.countHint(report.recommendedCount)}</p>
      <StatusesTable statuses={report.data.statuses} />
    </div>
  );
}

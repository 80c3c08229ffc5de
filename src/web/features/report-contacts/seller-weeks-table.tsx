import type { SharedReport } from '@shared/schemas/report-share';
import { ScrollRegion } from '@web/components/scroll-region';
import { reports as heReports } from '@web/i18n/reports';
import { formatDate, formatNumber } from '@web/lib/format';

const t = heReports;
const cell = 'border-b border-slate-200 px-2 py-2 text-start sm:px-3';

/** Per-week totals of the period with a totals row. */
export function SellerWeeksTable({ report }: { report: SharedReport }) {
  if (report.weeks.length === 0) return <p className="text-slate-600">{t.seller.noWeeks}</p>;
  return (
    <ScrollRegion label={t.seller.title} className="relative">
      <table className="w-full border-collapse bg-white">
        <caption className="sr-only">{t.seller.title}</caption>
        <thead className="bg-brand-50 text-brand-900">
          <tr>
            <th scope="col" className={cell}>
              {t.seller.week}
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
          </tr>
        </thead>
        <tbody>
          {report.weeks.map((w) => (
            <tr key={w.weekStart}>
              <th scope="row" className={`${cell} whitespace-nowrap font-normal`}>
                {t.seller.weekOf(formatDate(w.weekStart))}
              </th>
              <td className={cell}>{formatNumber(w.visits)}</td>
              <td className={cell}>{formatNumber(w.views)}</td>
              <td className={cell}>{formatNumber(w.inquiries)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="font-bold">
          <tr>
            <th scope="row" className={cell}>
              {t.seller.total}
            </th>
            <td className={cell}>{formatNumber(report.totals.visits)}</td>
            <td className={cell}>{formatNumber(report.totals.views)}</td>
            <td className={cell}>{formatNumber(report.totals.inquiries)}</td>
          </tr>
        </tfoot>
      </table>
    </ScrollRegion>
  );
}

/** The agent's notes, grouped by week. */
export function SellerNotes({ report }: { report: SharedReport }) {
  const withNotes = report.weeks.filter((w) => w.notes.length > 0);
  return (
    <section aria-labelledby="seller-notes" className="rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="seller-notes" className="mb-3 text-lg font-bold text-brand-900">
        {t.seller.notesTitle(report.agent.gender)}
      </h2>
      {withNotes.length === 0 ? (
        <p className="text-slate-600">{t.seller.noNotes}</p>
      ) : (
        <dl className="flex flex-col gap-3">
          {withNotes.map((w) => (
            <div key={w.weekStart}>
              <dt className="font-semibold text-slate-700">{t.seller.weekOf(formatDate(w.weekStart))}</dt>
              {w.notes.map((note, i) => (
                // Notes are plain text without ids; their order within the week is stable.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <dd key={i} className="whitespace-pre-line ps-4 text-slate-800">
                  {note}
                </dd>
              ))}
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

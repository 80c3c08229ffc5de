import { MARKETING_ACTION_LABELS } from '@shared/domain/exclusivity';
import type { SharedReport } from '@shared/schemas/report-share';
import { exclusivity as t } from '@web/i18n/exclusivity';
import { formatDate } from '@web/lib/format';

const day = (date: string) => formatDate(`${date}T12:00:00Z`);

/** The seller's view of the exclusivity: its term, its end date and the marketing actions done so far. */
export function SellerExclusivity({ report }: { report: SharedReport }) {
  const excl = report.exclusivity;
  if (!excl) return null;
  return (
    <section
      aria-labelledby="seller-exclusivity-title"
      className="rounded-2xl bg-white p-4 shadow-sm sm:p-6"
      data-testid="seller-exclusivity"
    >
      <h2 id="seller-exclusivity-title" className="mb-2 text-xl font-bold">
        {t.title}
      </h2>
      <p>{t.term(day(excl.termStart), day(excl.termEnd))}</p>
      <h3 className="mt-3 font-semibold">{t.done}</h3>
      {excl.actions.length === 0 ? (
        <p className="text-slate-700">{t.noneDone}</p>
      ) : (
        <ul className="mt-1 list-disc ps-5">
          {excl.actions.map((a) => (
            <li key={a._id}>
              {day(a.date)}: {MARKETING_ACTION_LABELS[a.action]}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

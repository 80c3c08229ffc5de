import { formatDate, formatTime } from '@shared/domain/israel-time';
import type { ViewingFeedback } from '@shared/schemas/viewing-outcome';
import { sellerFeedbackTexts as t } from '@web/i18n/viewing-outcome';
import { useId } from 'react';

/** The seller's report: the feedback of the property's viewings that took place (never who the visitors were). */
export function SellerViewings({ viewings }: { viewings: ViewingFeedback[] }) {
  const titleId = useId();
  if (viewings.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
      <h2 id={titleId} className="mb-1 text-lg font-bold text-brand-900">
        {t.title} ({t.count(viewings.length)})
      </h2>
      <p className="mb-3 text-slate-700">{t.intro}</p>
      <ul className="flex flex-col gap-3">
        {viewings.map((v) => (
          <li key={v.at} className="rounded-xl border border-slate-200 p-3">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="font-semibold text-slate-700">{t.when}</dt>
              <dd>
                {formatDate(new Date(v.at))} {formatTime(new Date(v.at))}
              </dd>
              <dt className="font-semibold text-slate-700">{t.interest}</dt>
              <dd>{t.interestOf(v.interest)}</dd>
              {v.notes && (
                <>
                  <dt className="font-semibold text-slate-700">{t.notes}</dt>
                  <dd className="whitespace-pre-line">{v.notes}</dd>
                </>
              )}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

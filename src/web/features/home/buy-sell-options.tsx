import type { LEAD_CATEGORIES } from '@shared/domain/lead-categories';
import { paths } from '@shared/paths';
import { he } from '@web/i18n/he';
import { valuation } from '@web/i18n/valuation';
import { HOME_SECTIONS, useGoToHomeSection } from '@web/lib/home-sections';
import { Building2, Handshake, KeyRound } from 'lucide-react';
import { Link } from 'react-router';

const t = he.publicSite.home;
const cardClass =
  'flex h-full flex-col items-center gap-3 rounded-2xl border border-brand-100 bg-white p-6 text-center shadow-sm transition hover:-translate-y-0.5 hover:shadow-md';

/** Buy, sell or rent: buying and renting open the listings, selling opens the lead form as a seller. */
export function BuySellOptions() {
  const goTo = useGoToHomeSection();
  const sellQuery = `?category=${'seller' satisfies keyof typeof LEAD_CATEGORIES}`;
  return (
    <section aria-labelledby="buy-sell-title" className="bg-white px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="buy-sell-title" className="mb-8 text-center text-3xl font-bold text-brand-900">
          {t.buySellTitle}
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          <li>
            <Link to={paths.sale()} className={cardClass}>
              <Building2 aria-hidden="true" size={36} className="text-brand-700" />
              <span className="text-xl font-semibold text-brand-900">{t.buy}</span>
              <span className="text-slate-700">{t.buyText}</span>
            </Link>
          </li>
          <li>
            <a
              href={`${sellQuery}#${HOME_SECTIONS.leaveDetails}`}
              className={cardClass}
              onClick={(event) => {
                event.preventDefault();
                goTo(HOME_SECTIONS.leaveDetails, sellQuery);
              }}
            >
              <Handshake aria-hidden="true" size={36} className="text-brand-700" />
              <span className="text-xl font-semibold text-brand-900">{t.sell}</span>
              <span className="text-slate-700">{t.sellText}</span>
            </a>
          </li>
          <li>
            <Link to={paths.rent()} className={cardClass}>
              <KeyRound aria-hidden="true" size={36} className="text-brand-700" />
              <span className="text-xl font-semibold text-brand-900">{t.rent}</span>
              <span className="text-slate-700">{t.rentText}</span>
            </Link>
          </li>
        </ul>
        <p className="mt-8 text-center text-lg">
          <Link to={paths.valuation()} className="font-semibold text-brand-800 underline underline-offset-4">
            {valuation.link}
          </Link>
        </p>
      </div>
    </section>
  );
}

import { paths } from '@shared/paths';
import { Page } from '@web/components/page';
import { he } from '@web/i18n/he';
import { valuation } from '@web/i18n/valuation';
import { HOME_SECTIONS } from '@web/lib/home-sections';
import { Building2, Handshake, KeyRound, type LucideIcon } from 'lucide-react';
import { Link, type To } from 'react-router';

const t = he.publicSite.buySellRent;

const OPTIONS: { to: To; title: string; text: string; icon: LucideIcon }[] = [
  { to: paths.sale(), title: t.buy, text: t.buyText, icon: Building2 },
  {
    to: { pathname: paths.home(), search: '?category=seller', hash: HOME_SECTIONS.leaveDetails },
    title: t.sell,
    text: t.sellText,
    icon: Handshake,
  },
  { to: paths.rent(), title: t.rent, text: t.rentText, icon: KeyRound },
];

/** /BuySellRent: buy opens the sale listings, rent the rentals, sell the home lead form as a seller. */
export function BuySellRentPage() {
  return (
    <Page title={t.title}>
      <p className="mb-8 text-lg text-slate-700">{t.intro}</p>
      <ul className="grid gap-6 md:grid-cols-3">
        {OPTIONS.map(({ to, title, text, icon: Icon }) => (
          <li key={title}>
            <Link
              to={to}
              className="flex h-full flex-col items-center gap-3 rounded-2xl bg-white p-8 text-center shadow-md transition hover:-translate-y-0.5 hover:shadow-lg"
            >
              <Icon aria-hidden="true" size={44} className="text-brand-700" />
              <span className="text-2xl font-semibold text-brand-900">{title}</span>
              <span className="text-slate-700">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center text-lg">
        <Link to={paths.valuation()} className="font-semibold text-brand-800 underline underline-offset-4">
          {valuation.link}
        </Link>
      </p>
    </Page>
  );
}

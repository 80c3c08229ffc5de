import { telLink, whatsappLink } from '@shared/domain/phone';
import { paths } from '@shared/paths';
import { buttonClass } from '@web/components/button';
import { Page } from '@web/components/page';
import { he } from '@web/i18n/he';
import { formatPrice } from '@web/lib/format';
import { HOME_SECTIONS } from '@web/lib/home-sections';
import { useAgencySettings } from '@web/lib/settings';
import { Check, Star } from 'lucide-react';
import { Link } from 'react-router';

const t = he.publicSite.investors;

/** /InvestorPlans: the three plans of SPEC section 9, the recommended one highlighted. */
export function InvestorPlansPage() {
  const settings = useAgencySettings();
  return (
    <Page title={t.title} wide>
      <p className="mb-8 max-w-3xl text-lg text-slate-700">{t.intro}</p>
      <ul className="grid items-stretch gap-6 md:grid-cols-3">
        {t.plans.map((plan) => (
          <li
            key={plan.name}
            data-testid="plan"
            data-highlight={plan.highlight}
            aria-labelledby={`plan-${plan.price}`}
            className={`relative flex flex-col gap-4 rounded-2xl p-6 shadow-md ${
              plan.highlight ? 'bg-brand-900 text-white ring-4 ring-accent-400 md:-translate-y-3' : 'bg-white'
            }`}
          >
            {plan.highlight && (
              <span className="absolute -top-3 start-6 inline-flex items-center gap-1 rounded-full bg-accent-400 px-3 py-1 text-sm font-bold text-brand-900">
                <Star aria-hidden="true" size={14} />
                {t.recommended}
              </span>
            )}
            {/* A Latin name, isolated so it reads left to right yet sits at the start of the RTL card. */}
            <h2 id={`plan-${plan.price}`} className="text-2xl font-extrabold">
              <bdi>{plan.name}</bdi>
            </h2>
            <p>
              <span className="text-4xl font-bold">{formatPrice(plan.price)}</span>
              <span className={`block text-sm ${plan.highlight ? 'text-brand-100' : 'text-slate-600'}`}>
                {t.oneTime}
              </span>
            </p>
            <ul className="flex flex-1 flex-col gap-2">
              {plan.features.map((feature) => (
                <li key={feature} className="flex items-start gap-2">
                  <Check aria-hidden="true" size={20} className="mt-0.5 shrink-0 text-accent-500" />
                  {feature}
                </li>
              ))}
            </ul>
            <div className="flex flex-col gap-2">
              {settings && (
                <a
                  href={telLink(settings.phone)}
                  className={buttonClass(plan.highlight ? 'secondary' : 'primary')}
                >
                  {t.call}
                </a>
              )}
              {settings && (
                <a
                  href={whatsappLink(settings.whatsappPhone, `${plan.name}: ${t.title}`)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`rounded-lg px-4 py-2 text-center font-medium underline ${plan.highlight ? 'text-white' : 'text-brand-800'}`}
                >
                  {t.whatsapp}
                </a>
              )}
              <Link
                to={{ pathname: paths.home(), search: '?category=buyer', hash: HOME_SECTIONS.leaveDetails }}
                className={`rounded-lg px-4 py-2 text-center font-medium underline ${plan.highlight ? 'text-white' : 'text-brand-800'}`}
              >
                {t.leaveDetails}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </Page>
  );
}

import { telLink } from '@shared/domain/phone';
import { TRANSACTION_TYPES } from '@shared/domain/property-options';
import { branchPhrase } from '@shared/domain/referrals';
import { paths } from '@shared/paths';
import type { StaffProperty } from '@shared/schemas/network-share';
import { buttonClass } from '@web/components/button';
import { Page } from '@web/components/page';
import { StatusMessage } from '@web/components/status-message';
import { he } from '@web/i18n/he';
import { networkShareTexts } from '@web/i18n/network-share';
import { Building2, ImageOff, Network, Phone } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type StaffListChoice, useStaffProperties } from './network-api';
import { Photo } from './photo';
import { listingPrice, propertyFacts } from './property-facts';

const t = networkShareTexts.list;
const CHOICES: StaffListChoice[] = ['all', 'own', 'shared'];
const CARD_SIZES = '(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 95vw';

/** The choice and the page as the URL holds them (a reload or a shared link shows the same list). */
function useListUrl() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('which') as StaffListChoice;
  const which = CHOICES.includes(requested) ? requested : 'all';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  return { which, page, choose: (next: StaffListChoice) => setParams(href(next, 1).params) };
}

/** The list's address for a choice and a page; the defaults (all, page 1) are left out. */
function href(which: StaffListChoice, page: number) {
  const params = new URLSearchParams();
  if (which !== 'all') params.set('which', which);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return { params, to: `${paths.staffProperties()}${query ? `?${query}` : ''}` };
}

/**
 * /StaffProperties (signed-in staff): the branch's own listings and the ones other branches shared with the
 * network (docs/decisions/0052), newest first, a page at a time. Another branch's shared listing carries its mark
 * ("נכס משותף · סניף חיפה") and whom to call, its office and its agent; no listing shows its owner (the API never
 * sends another branch's). Each card leads to the property's page.
 */
export function StaffPropertiesPage() {
  const { which, page, choose } = useListUrl();
  const list = useStaffProperties(which, page);
  const legendId = useId();
  return (
    <Page title={t.title} wide>
      <p id={legendId} className="sr-only">
        {t.which}
      </p>
      <div
        role="radiogroup"
        aria-labelledby={legendId}
        className="mb-6 flex flex-wrap gap-1 rounded-xl border border-brand-700 bg-white p-1 sm:inline-flex"
      >
        {CHOICES.map((choice) => (
          <label
            key={choice}
            className="flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-lg px-4 py-2 text-center font-medium text-brand-800 hover:bg-brand-50 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-900 sm:flex-none"
          >
            <input
              type="radio"
              name="which"
              value={choice}
              checked={which === choice}
              onChange={() => choose(choice)}
              className="sr-only"
            />
            {t.choices[choice]}
          </label>
        ))}
      </div>
      {list.isPending ? (
        <StatusMessage busy>{t.loading}</StatusMessage>
      ) : list.isError ? (
        <p role="alert" className="text-red-800">
          {t.loadFailure}
        </p>
      ) : list.data.items.length === 0 ? (
        <StatusMessage>{t.empty[which]}</StatusMessage>
      ) : (
        <div aria-busy={list.isPlaceholderData || undefined}>
          <ul aria-label={t.results} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {list.data.items.map((item) => (
              <li key={item.property._id} className="flex">
                <StaffPropertyCard item={item} />
              </li>
            ))}
          </ul>
          {(page > 1 || list.data.more) && (
            <nav aria-label={t.pages} className="mt-6 flex items-center justify-center gap-4">
              {page > 1 && (
                <Link to={href(which, page - 1).to} className={buttonClass('secondary')}>
                  {t.prev}
                </Link>
              )}
              <span aria-current="page">{t.page(page)}</span>
              {list.data.more && (
                <Link to={href(which, page + 1).to} className={buttonClass('secondary')}>
                  {t.next}
                </Link>
              )}
            </nav>
          )}
        </div>
      )}
    </Page>
  );
}

const linkClass = 'inline-flex min-h-11 items-center gap-1 text-brand-800 underline underline-offset-4';

/** One listing: its photo, address (a link to its page), price and facts; whose it is and whom to call. */
function StaffPropertyCard({ item }: { item: StaffProperty }) {
  const { property: p, contact } = item;
  const photo = p.photos[0];
  const rented = p.typeTransaction === TRANSACTION_TYPES.rent;
  return (
    <article
      className={`flex w-full flex-col overflow-hidden rounded-2xl border bg-white shadow-sm ${item.mark ? 'border-accent-500' : 'border-slate-200'}`}
    >
      <div className="aspect-[3/2] bg-slate-100">
        {photo ? (
          <Photo photo={photo} alt="" sizes={CARD_SIZES} className="h-full w-full object-cover" />
        ) : (
          <div className="flex h-full items-center justify-center gap-2 text-slate-600">
            <ImageOff aria-hidden />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        {item.mark ? (
          <p className="inline-flex items-center gap-1 self-start rounded-full bg-amber-100 px-2 py-0.5 text-sm font-bold text-amber-900">
            <Network aria-hidden size={14} /> {item.mark}
          </p>
        ) : (
          item.shared && (
            <p className="inline-flex items-center gap-1 self-start rounded-full bg-brand-100 px-2 py-0.5 text-sm font-bold text-brand-900">
              <Network aria-hidden size={14} /> {t.sharedByUs}
            </p>
          )
        )}
        <p className="text-sm text-slate-600">
          {p.category} · {p.typeTransaction}
          {p.sold && ` · ${rented ? he.properties.sold.rentedLabel : he.properties.sold.soldLabel}`}
        </p>
        <h2 className="text-lg font-semibold text-slate-900">
          <Link to={paths.propertyView(p._id)} className="underline-offset-4 hover:underline">
            {p.address}
          </Link>
        </h2>
        <p className="text-xl font-bold text-brand-800">{listingPrice(p)}</p>
        <p className="text-sm text-slate-700">{propertyFacts(p).join(' · ')}</p>
        <ul className="mt-2 flex flex-col gap-1 border-t border-slate-200 pt-2 text-sm">
          {item.mark && contact.branch.phone && (
            <li>
              <a href={telLink(contact.branch.phone)} className={linkClass}>
                <Building2 aria-hidden size={16} />
                {branchPhrase(contact.branch.name)}: <bdi dir="ltr">{contact.branch.phone}</bdi>
              </a>
            </li>
          )}
          {contact.agent ? (
            <li className="flex flex-wrap items-center gap-x-2">
              <span>
                {networkShareTexts.agent}: {contact.agent.name}
              </span>
              {contact.agent.phone && (
                <a
                  href={telLink(contact.agent.phone)}
                  aria-label={t.callAgent(contact.agent.name, contact.agent.phone)}
                  className={linkClass}
                >
                  <Phone aria-hidden size={16} />
                  <bdi dir="ltr">{contact.agent.phone}</bdi>
                </a>
              )}
            </li>
          ) : (
            item.mark && <li className="text-slate-700">{t.noAgent}</li>
          )}
        </ul>
      </div>
    </article>
  );
}

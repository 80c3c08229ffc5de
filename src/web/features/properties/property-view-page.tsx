import { TRANSACTION_TYPES } from '@shared/domain/property-options';
import { paths } from '@shared/paths';
import type { Property } from '@shared/schemas/property';
import { buttonClass } from '@web/components/button';
import { FavouriteButton } from '@web/components/favourite-button';
import { Page } from '@web/components/page';
import { StatusMessage } from '@web/components/status-message';
import { he } from '@web/i18n/he';
import { ApiError } from '@web/lib/api-client';
import { useSession } from '@web/lib/session';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { AgentPanel } from './agent-panel';
import { useProperty } from './api';
import { ContactBar } from './contact-bar';
import { Gallery } from './gallery';
import { InquiryForm } from './inquiry-form';
import { KeyFacts } from './key-facts';
import { listingPrice } from './property-facts';
import { ShareButtons } from './share-buttons';
import { SimilarList } from './similar-list';
import { UnavailableNote } from './unavailable-note';
import { ViewingBooking } from './viewing-booking';

/** The admin's photo manager: its code (and the schemas it checks with) loads only for an admin. */
const ImagesPanel = lazy(() => import('./images-panel').then((m) => ({ default: m.ImagesPanel })));
/** 'קונים מתאימים': for the team only, so its code never loads for a visitor. */
const MatchingBuyersPanel = lazy(() =>
  import('./matching-buyers-panel').then((m) => ({ default: m.MatchingBuyersPanel })),
);

/** 'הזמנת שירותי תיווך': the team's orders for the property, loaded only for a signed-in user. */
/** 'בלעדיות': the section and its texts load only for a signed-in user. */
const ExclusivityPanel = lazy(() =>
  import('@web/components/exclusivity-section').then((m) => ({ default: m.ExclusivityPanel })),
);
/** Sharing with the network (decision 0052): the switch for the property's agents, the note for another branch. */
const NetworkShareSwitch = lazy(() =>
  import('./network-share').then((m) => ({ default: m.NetworkShareSwitch })),
);
const SharedPropertyNote = lazy(() =>
  import('./network-share').then((m) => ({ default: m.SharedPropertyNote })),
);
const OrdersPanel = lazy(() =>
  import('@web/components/orders-section').then((m) => ({ default: m.OrdersPanel })),
);

const t = he.properties;

/** /PropertyView/{id}: gallery, every field, the agent's contact and similar properties. */
export function PropertyViewPage() {
  const { id = '' } = useParams();
  const query = useProperty(id);
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const inquiryName = useRef<HTMLInputElement>(null);
  const opened = query.data;
  // Kept in this browser only (recently viewed); a sold one is kept too, it is still the one they saw.
  useEffect(() => {
    if (!opened) return;
    import('@web/lib/saved-properties').then(
      (m) => m.recentlyViewed.add(m.snapshotOf(opened)),
      () => undefined,
    );
  }, [opened]);
  if (query.isPending) return <StatusMessage busy>{t.view.loading}</StatusMessage>;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    const missing = [400, 404, 410].includes(status);
    return (
      <Page title={status === 410 ? t.view.gone : missing ? t.view.notFound : he.common.errorTitle}>
        <p className="mb-6 text-lg">
          {status === 410 ? t.view.goneText : missing ? t.view.notFoundText : t.list.loadError}
        </p>
        <BackLinks />
      </Page>
    );
  }
  const p = query.data;
  const inquire = () => {
    inquiryName.current?.scrollIntoView({ block: 'center' });
    inquiryName.current?.focus({ preventScroll: true });
  };
  return (
    <Page title={`${p.category} ב${p.address}, ${p.city}`} wide>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <KeyFacts property={p} />
        <div className="flex items-center gap-2">
          <FavouriteButton property={p} className="border border-slate-300" />
          <ShareButtons property={p} />
        </div>
      </div>
      <Gallery photos={p.photos} address={p.address} />
      {isAdmin && (
        <div className="mt-4">
          <Suspense fallback={null}>
            <ImagesPanel property={p} heading="h2" />
          </Suspense>
        </div>
      )}
      {user && (
        <div className="mt-4 flex flex-col gap-4">
          <Suspense fallback={null}>
            <SharedPropertyNote propertyId={p._id} />
            {/* An admin switches it on the edit card; the property's agent here. */}
            {!isAdmin && <NetworkShareSwitch propertyId={p._id} heading="h2" />}
          </Suspense>
        </div>
      )}
      {user && (
        <div className="mt-4">
          <Suspense fallback={null}>
            <MatchingBuyersPanel propertyId={p._id} />
          </Suspense>
        </div>
      )}
      {user && (
        <Suspense fallback={null}>
          <OrdersPanel source={{ propertyId: p._id }} />
        </Suspense>
      )}
      {user && (
        <Suspense fallback={null}>
          <ExclusivityPanel propertyId={p._id} />
        </Suspense>
      )}
      <div className="mt-8 grid gap-8 lg:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-6">
          <Facts property={p} />
          {p.description && <p className="whitespace-pre-line text-lg leading-relaxed">{p.description}</p>}
          <section aria-labelledby="features-title">
            <h2 id="features-title" className="mb-2 text-xl font-bold">
              {t.view.features}
            </h2>
            {p.features.length === 0 ? (
              <p className="text-slate-600">{t.view.noFeatures}</p>
            ) : (
              <ul className="flex flex-wrap gap-2">
                {p.features.map((f) => (
                  <li key={f} className="rounded-full bg-brand-50 px-3 py-1 text-brand-900">
                    {f}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <div className="flex flex-col gap-6 self-start">
          <AgentPanel property={p} />
          {p.sold ? null : <ViewingBooking propertyId={p._id} />}
          {p.sold ? <UnavailableNote property={p} /> : <InquiryForm propertyId={p._id} ref={inquiryName} />}
        </div>
      </div>
      <SimilarList id={p._id} />
      <BackLinks />
      {!p.sold && (
        <div className="contact-dock sticky bottom-0 -mx-4 mt-6 md:hidden">
          <ContactBar property={p} onInquire={inquire} />
        </div>
      )}
    </Page>
  );
}

function Facts({ property: p }: { property: Property }) {
  const f = t.fields;
  const rented = p.typeTransaction === TRANSACTION_TYPES.rent;
  const rows: [string, string | number | null][] = [
    [f.price, listingPrice(p)],
    [f.city, p.city],
    [f.address, p.address],
    [f.category, p.category],
    [
      f.typeTransaction,
      p.sold ? `${p.typeTransaction} · ${rented ? t.sold.rentedLabel : t.sold.soldLabel}` : p.typeTransaction,
    ],
    [f.entryDate, p.entryDate],
    [f.size, p.size],
    [f.rooms, p.rooms],
    [f.floor, p.floor],
    [f.propertyCondition, p.propertyCondition],
  ];
  return (
    <section aria-labelledby="details-title">
      <h2 id="details-title" className="mb-3 text-xl font-bold">
        {t.view.details}
      </h2>
      <div className="mb-3 flex gap-2">
        {p.pinuy_binuy && (
          <span className="rounded-full bg-accent-400 px-3 py-1 text-sm font-bold">{t.card.pinuyBinuy}</span>
        )}
        {p.exclusive && (
          <span className="rounded-full bg-brand-800 px-3 py-1 text-sm font-bold text-white">
            {t.card.exclusive}
          </span>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {rows
          .filter(([, value]) => value !== null && value !== '')
          .map(([label, value]) => (
            <div key={label} className="rounded-xl bg-slate-50 p-3">
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="text-lg font-semibold">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

function BackLinks() {
  return (
    <div className="mt-10 flex flex-wrap justify-center gap-3">
      <Link to={paths.sale()} className={buttonClass()}>
        {t.view.toSale}
      </Link>
      <Link to={paths.rent()} className={buttonClass('secondary')}>
        {t.view.toRent}
      </Link>
    </div>
  );
}

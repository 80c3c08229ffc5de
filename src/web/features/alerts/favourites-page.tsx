import { TRANSACTION_TYPES } from '@shared/domain/property-options';
import { paths } from '@shared/paths';
import { Button, buttonClass } from '@web/components/button';
import { Page } from '@web/components/page';
import { PropertySnapshotCard } from '@web/components/property-snapshot-card';
import { SubscribeForm } from '@web/components/subscribe-form';
import { alerts } from '@web/i18n/alerts';
import { useLocalList } from '@web/lib/local-list';
import { favourites, type PropertySnapshot, snapshotOf } from '@web/lib/saved-properties';
import { Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { type FavouriteState, useFavouriteStates } from './favourites-api';

const t = alerts.favourites;

function StateBadge({ state, snapshot }: { state: FavouriteState; snapshot: PropertySnapshot }) {
  const rented = snapshot.typeTransaction === TRANSACTION_TYPES.rent;
  const text =
    state.kind === 'sold'
      ? rented
        ? t.rented
        : t.sold
      : state.kind === 'deleted'
        ? t.deleted
        : state.kind === 'unknown'
          ? t.unknown
          : null;
  if (!text) return null;
  return <span className="rounded-full bg-slate-900 px-3 py-1 text-sm font-bold text-white">{text}</span>;
}

/** /Favourites: the properties this browser saved with the heart, as they are now (sold and deleted ones say so). */
export function FavouritesPage() {
  const saved = useLocalList(favourites);
  const states = useFavouriteStates(saved.map((item) => item.id));
  // Removing a favourite by keyboard keeps the focus in the list: on the next item's remove button (the one
  // before, for the last), or on the empty list's message when none is left.
  const removedAt = useRef<number | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const empty = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const at = removedAt.current;
    if (at === null) return;
    removedAt.current = null;
    if (saved.length === 0) {
      empty.current?.focus();
      return;
    }
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]') ?? [];
    buttons[Math.min(at, buttons.length - 1)]?.focus();
  }, [saved.length]);
  return (
    <Page title={t.title} wide>
      <p className="mb-6 text-lg text-slate-700">{t.intro}</p>
      {saved.length === 0 ? (
        <div className="flex flex-col items-start gap-4">
          <p ref={empty} tabIndex={-1} className="text-lg outline-none">
            {t.empty}
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to={paths.sale()} className={buttonClass()}>
              {t.toSale}
            </Link>
            <Link to={paths.rent()} className={buttonClass('secondary')}>
              {t.toRent}
            </Link>
          </div>
        </div>
      ) : (
        <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
          <section aria-labelledby="favourites-list">
            <h2 id="favourites-list" className="mb-4 text-xl font-bold">
              {t.count(saved.length)}
            </h2>
            <ul ref={list} className="grid gap-6 sm:grid-cols-2" aria-label={t.listLabel}>
              {saved.map((item, i) => {
                const state = states[i] ?? { kind: 'loading' };
                // What the site says now (price, photo) where it still has the property; else what was kept.
                const shown = 'property' in state ? snapshotOf(state.property, new Date(item.at)) : item;
                return (
                  <li key={item.id}>
                    <PropertySnapshotCard
                      property={shown}
                      linked={state.kind !== 'deleted'}
                      muted={state.kind === 'sold' || state.kind === 'deleted'}
                      badge={<StateBadge state={state} snapshot={shown} />}
                      actions={
                        <Button
                          variant="secondary"
                          className="min-h-11"
                          aria-label={t.remove(item.address)}
                          data-remove
                          onClick={() => {
                            removedAt.current = i;
                            favourites.remove(item.id);
                          }}
                        >
                          <Trash2 aria-hidden="true" size={16} /> {t.removeShort}
                        </Button>
                      }
                    />
                  </li>
                );
              })}
            </ul>
          </section>
          <section
            aria-labelledby="favourites-keep"
            className="self-start rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h2 id="favourites-keep" className="text-xl font-bold">
              {alerts.subscribe.favouritesTitle}
            </h2>
            <p className="mb-4 text-slate-700">{alerts.subscribe.favouritesIntro}</p>
            <SubscribeForm favourites={saved.map((item) => item.id)} />
          </section>
        </div>
      )}
    </Page>
  );
}

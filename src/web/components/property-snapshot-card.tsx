import { TRANSACTION_TYPES } from '@shared/domain/property-options';
import { roomsText } from '@shared/domain/rooms';
import { paths } from '@shared/paths';
import { he } from '@web/i18n/he';
import { formatPrice } from '@web/lib/format';
import type { PropertySnapshot } from '@web/lib/saved-properties';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A snapshot's price in shekels; a rental's says it is per month. */
export function snapshotPrice(p: Pick<PropertySnapshot, 'price' | 'typeTransaction'>): string {
  const price = formatPrice(p.price);
  return p.typeTransaction === TRANSACTION_TYPES.rent ? he.inquiries.facts.perMonth(price) : price;
}

/**
 * A small card from what the browser kept of a property (favourites, recently viewed). `linked` false for one
 * that is gone from the site: it still says which property it was, without a link to a missing page.
 */
export function PropertySnapshotCard({
  property: p,
  linked = true,
  muted = !linked,
  badge,
  actions,
}: {
  property: PropertySnapshot;
  linked?: boolean;
  /** Greyed: sold, rented or removed. */
  muted?: boolean;
  badge?: ReactNode;
  actions?: ReactNode;
}) {
  const title = `${p.category} ב${p.address}`;
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand-900">
      <div className="relative aspect-[3/2] bg-slate-100">
        {p.photo ? (
          <img
            src={p.photo}
            alt=""
            loading="lazy"
            decoding="async"
            className={`h-full w-full object-cover ${muted ? 'grayscale' : ''}`}
          />
        ) : (
          <div className="h-full bg-slate-200" />
        )}
        {badge && <div className="absolute start-2 top-2">{badge}</div>}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="font-semibold text-slate-900">
          {linked ? (
            <Link
              to={paths.propertyView(p.id)}
              className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
            >
              {title}
            </Link>
          ) : (
            title
          )}
        </h3>
        <p className="text-sm text-slate-700">
          {p.city}
          {p.rooms !== null && ` · ${roomsText(p.rooms)}`}
        </p>
        <p className="font-bold text-brand-800">{snapshotPrice(p)}</p>
        {actions && <div className="relative z-10 mt-auto flex flex-wrap gap-2 pt-2">{actions}</div>}
      </div>
    </article>
  );
}

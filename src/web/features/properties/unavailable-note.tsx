import { TRANSACTION_TYPES } from '@shared/domain/property-options';
import { paths } from '@shared/paths';
import type { Property } from '@shared/schemas/property';
import { he } from '@web/i18n/he';
import { Link } from 'react-router';
import { defaultFilters, toSearchParams } from './filters';

const t = he.properties.view.unavailable;

/** In place of the inquiry form on a sold or rented property: it says so, and leads to similar ones. */
export function UnavailableNote({ property: p }: { property: Property }) {
  const rented = p.typeTransaction === TRANSACTION_TYPES.rent;
  const type = rented ? 'rent' : 'sale';
  const query = toSearchParams(type, { ...defaultFilters(type), city: p.city }).toString();
  const list = rented ? paths.rent() : paths.sale();
  return (
    <section
      aria-labelledby="unavailable-title"
      className="rounded-2xl border border-slate-300 bg-slate-50 p-5"
    >
      <h2 id="unavailable-title" className="mb-2 text-xl font-bold text-slate-900">
        {t.title}
      </h2>
      <p className="mb-3 text-lg">{rented ? t.rented : t.sold}</p>
      <Link to={query ? `${list}?${query}` : list} className="font-semibold text-brand-700 underline">
        {rented ? t.similarRent(p.city) : t.similarSale(p.city)}
      </Link>
    </section>
  );
}

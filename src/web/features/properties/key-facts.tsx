import { TRANSACTION_TYPES } from '@shared/domain/property-options';
import type { Property } from '@shared/schemas/property';
import { he } from '@web/i18n/he';
import { listingPrice, propertyFacts } from './property-facts';

const t = he.inquiries.facts;
const sold = he.properties.sold;

/** What a visitor decides on, in the first screen: price (with a badge once sold or rented), city, rooms, size and floor. */
export function KeyFacts({ property: p }: { property: Property }) {
  const facts = propertyFacts(p);
  return (
    <section aria-label={t.label} className="flex flex-col gap-1">
      <p className="flex flex-wrap items-center gap-3">
        <span className="text-3xl font-bold text-brand-900" data-testid="key-price">
          {listingPrice(p)}
        </span>
        {p.sold && (
          <span
            className="rounded-full bg-slate-900 px-3 py-1 text-base font-bold text-white"
            data-testid="sold-badge"
          >
            {p.typeTransaction === TRANSACTION_TYPES.rent ? sold.rentedLabel : sold.soldLabel}
          </span>
        )}
      </p>
      <ul className="flex flex-wrap gap-x-2 text-lg text-slate-800">
        {facts.map((fact, i) => (
          <li key={fact} className="flex gap-2">
            {i > 0 && <span aria-hidden>·</span>}
            {fact}
          </li>
        ))}
      </ul>
    </section>
  );
}

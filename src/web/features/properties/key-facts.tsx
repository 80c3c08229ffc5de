import type { Property } from '@shared/schemas/property';
import { he } from '@web/i18n/he';
import { listingPrice, propertyFacts } from './property-facts';

const t = he.inquiries.facts;

/** What a visitor decides on, in the first screen: price, city, rooms, size and floor. */
export function KeyFacts({ property: p }: { property: Property }) {
  const facts = propertyFacts(p);
  return (
    <section aria-label={t.label} className="flex flex-col gap-1">
      <p className="text-3xl font-bold text-brand-900" data-testid="key-price">
        {listingPrice(p)}
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

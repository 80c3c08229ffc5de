import type { Property } from '@shared/schemas/property';
import { he } from '@web/i18n/he';
import { formatPrice } from '@web/lib/format';

const t = he.inquiries.facts;

/** What a visitor decides on, in the first screen: price, city, rooms, size and floor. */
export function KeyFacts({ property: p }: { property: Property }) {
  const facts = [
    p.city,
    p.rooms !== null ? t.rooms(p.rooms) : null,
    p.size !== null ? t.size(p.size) : null,
    p.floor ? t.floor(p.floor) : null,
  ].filter((fact): fact is string => Boolean(fact));
  return (
    <section aria-label={t.label} className="flex flex-col gap-1">
      <p className="text-3xl font-bold text-brand-900" data-testid="key-price">
        {formatPrice(p.price)}
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

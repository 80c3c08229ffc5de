import { FLAT_CATEGORIES, TRANSACTION_TYPES } from '@shared/domain/property-options';
import type { Property } from '@shared/schemas/property';
import { he } from '@web/i18n/he';
import { formatPrice } from '@web/lib/format';

const t = he.inquiries.facts;

type FactSource = Pick<Property, 'city' | 'rooms' | 'size' | 'floor' | 'category'>;

/** The facts a visitor compares properties by: city, rooms, size, and the floor of a flat. */
export function propertyFacts(p: FactSource): string[] {
  const isFlat = FLAT_CATEGORIES.includes(p.category);
  return [
    p.city,
    p.rooms !== null ? t.rooms(p.rooms) : null,
    p.size !== null ? t.size(p.size) : null,
    isFlat && p.floor ? t.floor(p.floor) : null,
  ].filter((fact): fact is string => Boolean(fact));
}

/** A listing's price in shekels; a rental's says it is per month. */
export function listingPrice(p: Pick<Property, 'price' | 'typeTransaction'>): string {
  const price = formatPrice(p.price);
  return p.typeTransaction === TRANSACTION_TYPES.rent ? t.perMonth(price) : price;
}

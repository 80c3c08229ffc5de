import { FLAT_CATEGORIES } from '@shared/domain/property-options';
import type { Property } from '@shared/schemas/property';
import { he } from '@web/i18n/he';

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

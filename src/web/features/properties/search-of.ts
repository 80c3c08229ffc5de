import type { SavedSearchFilters } from '@shared/domain/saved-search';
import { AMENITIES } from '@shared/domain/search-filters';
import type { SavedSearchFiltersInput } from '@shared/schemas/alerts';
import type { Filters } from './filters';

/**
 * The listing's filters as a saved search: the same filters without the sort; the amenities ticked are the
 * features asked for, and the other filters of issue 39 (the map's area among them) are kept when in force (left
 * out when not).
 */
export function searchOf(type: 'sale' | 'rent', f: Filters): SavedSearchFilters & SavedSearchFiltersInput {
  return {
    type,
    city: f.city,
    street: f.street,
    // parseFilters keeps only a known category or none.
    category: f.category as NonNullable<SavedSearchFiltersInput['category']>,
    minRooms: f.minRooms,
    maxRooms: f.maxRooms,
    minPrice: f.minPrice,
    maxPrice: f.maxPrice,
    features: f.amenities.map((a) => AMENITIES[a]),
    ...(f.minFloor !== null && { minFloor: f.minFloor }),
    ...(f.maxFloor !== null && { maxFloor: f.maxFloor }),
    ...(f.notGround && { notGround: true }),
    ...(f.notTop && { notTop: true }),
    ...(f.entry && { entry: f.entry }),
    ...(f.minPricePerMeter !== null && { minPricePerMeter: f.minPricePerMeter }),
    ...(f.maxPricePerMeter !== null && { maxPricePerMeter: f.maxPricePerMeter }),
    ...(f.neighbourhood && { neighbourhood: f.neighbourhood }),
    // The map's 'search this area' (docs/locations.md): saved with the search, honoured by its alerts.
    ...(f.bbox && { bbox: f.bbox }),
  };
}

import type { Property } from '@shared/schemas/property';
import { createLocalList } from './local-list';

/**
 * What the browser keeps of a property it saved or opened: enough to show it in a list (and to say which one
 * it was after it is deleted) without asking the server.
 */
export type PropertySnapshot = {
  id: string;
  address: string;
  city: string;
  category: string;
  typeTransaction: string;
  price: number;
  rooms: number | null;
  /** The smallest photo variant, or null without photos. */
  photo: string | null;
  /** When it was saved or opened (ISO). */
  at: string;
};

export function snapshotOf(p: Property, at = new Date()): PropertySnapshot {
  return {
    id: p._id,
    address: p.address,
    city: p.city,
    category: p.category,
    typeTransaction: p.typeTransaction,
    price: p.price,
    rooms: p.rooms,
    photo: p.photos[0]?.variants[0]?.url ?? null,
    at: at.toISOString(),
  };
}

/** The visitor's favourites (the heart), kept in this browser with no account. */
export const FAVOURITES_MAX = 100;
export const favourites = createLocalList<PropertySnapshot>('favourites', FAVOURITES_MAX);

/** The last properties this browser opened (issue 25 item 6): browser only, never sent anywhere. */
export const RECENTLY_VIEWED_MAX = 10;
export const recentlyViewed = createLocalList<PropertySnapshot>('recently-viewed', RECENTLY_VIEWED_MAX);

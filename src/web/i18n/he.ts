import { accessibility } from './accessibility';
import { core } from './core';
import { favourites } from './favourites';
import { inquiries } from './inquiries';
import { legal } from './legal';
import { properties } from './properties';
import { publicSite } from './public-site';

/**
 * The user-facing texts the public pages need (SPEC section 8 messages and the labels), one catalogue. The
 * signed-in areas' texts (`admin`, `performance`, `reports`) are imported from their own files by the code
 * that shows them, so a visitor's first load does not carry them.
 */
export const he = {
  ...core,
  accessibility,
  favourites,
  inquiries,
  legal,
  properties,
  publicSite,
} as const;

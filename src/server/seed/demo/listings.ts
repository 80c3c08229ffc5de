import {
  ENTRY_DATE_OPTIONS,
  PROPERTY_CONDITIONS,
  PROPERTY_FEATURES,
  TRANSACTION_TYPES,
} from '@shared/domain/property-options';
import { prng } from './pictures';

const PLACES: Record<string, string[]> = {
  'תל אביב-יפו': ['דיזנגוף', 'אבן גבירול', 'רוטשילד', 'בן יהודה', 'ארלוזורוב'],
  חיפה: ['מוריה', 'הנשיא', 'שדרות הציונות', 'חורב'],
  ירושלים: ['עמק רפאים', 'יפו', 'הרצוג', 'עזה'],
  'רמת גן': ['ביאליק', 'הרא"ה', "ז'בוטינסקי"],
  הרצליה: ['סוקולוב', 'בן גוריון', 'הנדיב'],
  נתניה: ['הרצל', 'שדרות ניצה', 'סמילנסקי'],
};

/** Each demo city's middle (degrees), inland enough that a point drawn around it stays on land. */
const CITY_MIDDLES: Record<string, { lat: number; lng: number }> = {
  'תל אביב-יפו': { lat: 32.08, lng: 34.785 },
  חיפה: { lat: 32.79, lng: 34.995 },
  ירושלים: { lat: 31.7683, lng: 35.2137 },
  'רמת גן': { lat: 32.0684, lng: 34.8248 },
  הרצליה: { lat: 32.1624, lng: 34.8447 },
  נתניה: { lat: 32.3215, lng: 34.868 },
};

const CATEGORY_WEIGHTS = [
  'דירה',
  'דירה',
  'דירה',
  'דירת גן',
  'פנטהאוז',
  "קוטג'",
  'משרדים',
  'וילה',
  'דו משפחתי',
];

/** How each demo category is described, in its own gender and number ('דירה מוארת', 'פנטהאוז מואר', 'משרדים מוארים'). */
const WORDING: Record<string, { bright: string; near: string; home: boolean }> = {
  דירה: { bright: 'מוארת ומרווחת', near: 'קרובה', home: true },
  'דירת גן': { bright: 'מוארת ומרווחת', near: 'קרובה', home: true },
  פנטהאוז: { bright: 'מואר ומרווח', near: 'קרוב', home: true },
  "קוטג'": { bright: 'מואר ומרווח', near: 'קרוב', home: true },
  משרדים: { bright: 'מוארים ומרווחים', near: 'קרובים', home: false },
  וילה: { bright: 'מוארת ומרווחת', near: 'קרובה', home: true },
  'דו משפחתי': { bright: 'מואר ומרווח', near: 'קרוב', home: true },
};

/** A description that agrees with its category in gender and number, and with its own rooms. */
export function demoDescription(category: string, rooms: number, street: string, city: string): string {
  const w = WORDING[category];
  if (!w) throw new Error(`No demo wording for the category ${category}`);
  const size = rooms === 1 ? 'חדר אחד' : `${rooms} חדרים`;
  const near = w.home ? 'לתחבורה ציבורית, לבתי ספר ולמרכזי קניות' : 'לתחבורה ציבורית, לבנקים ולמסעדות';
  return `${category} ${w.bright} של ${size} ב${street}, ${city}. ${w.near} ${near}.`;
}

/** Floors that fit the category: a penthouse is on top, a garden flat and a house on the ground. */
function demoFloor(category: string, rand: () => number): string {
  if (category === 'פנטהאוז') return String(8 + Math.floor(rand() * 8));
  if (category === 'דירה') return String(1 + Math.floor(rand() * 7));
  return 'קרקע';
}

/** Features that fit: no lift in a house on its own ground, and never 'renovated' beside 'needs renovation'. */
function fitsListing(feature: string, category: string, condition: string): boolean {
  const inBuilding = category === 'דירה' || category === 'פנטהאוז' || category === 'משרדים';
  if (feature === 'מעלית') return inBuilding;
  if (feature === 'משופצת')
    return condition !== 'דרוש שיפוץ' && (category === 'דירה' || category === 'דירת גן');
  return true;
}

export type DemoListing = {
  typeTransaction: string;
  sold: boolean;
  pinuyBinuy: boolean;
  exclusive: boolean;
  city: string;
  address: string;
  price: number;
  category: string;
  rooms: number;
  floor: string;
  size: number;
  entryDate: string;
  propertyCondition: string;
  features: string[];
  description: string;
  yad2: string | null;
  imageCount: number;
  /** The exact point: within about 800 m of its city's middle. */
  lat: number;
  lng: number;
};

/** About 30 listings for sale and for rent in several cities: some sold, some pinuy binuy, some exclusive. */
export function demoListings(count = 30): DemoListing[] {
  const rand = prng(2026);
  // The points from a generator of their own, so the other fields are drawn as they always were.
  const spot = prng(39);
  const cities = Object.keys(PLACES);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const listings: DemoListing[] = [];
  for (let i = 0; i < count; i++) {
    const isRent = i % 3 === 2;
    const city = cities[i % cities.length]!;
    const street = pick(PLACES[city]!);
    const category = pick(CATEGORY_WEIGHTS);
    const rooms = Math.round((2 + rand() * 4) * 2) / 2;
    const size = Math.round(rooms * 25 + rand() * 30);
    const price = isRent
      ? Math.round((3500 + rooms * 1200 + rand() * 3000) / 100) * 100
      : Math.round((1_200_000 + rooms * 450_000 + rand() * 1_500_000) / 10_000) * 10_000;
    const drawn = PROPERTY_FEATURES.filter(() => rand() > 0.55);
    // Drawn in the same order as ever, so the demo agency keeps its addresses and prices.
    const address = `${street} ${1 + Math.floor(rand() * 120)}`;
    const floor = demoFloor(category, rand);
    const entryDate = pick(ENTRY_DATE_OPTIONS);
    const propertyCondition = pick(PROPERTY_CONDITIONS);
    listings.push({
      typeTransaction: isRent ? TRANSACTION_TYPES.rent : TRANSACTION_TYPES.sale,
      sold: i % 7 === 3,
      pinuyBinuy: i % 5 === 1,
      exclusive: i % 4 === 0,
      city,
      address,
      price,
      category,
      rooms,
      floor,
      size,
      entryDate,
      propertyCondition,
      features: drawn.filter((feature) => fitsListing(feature, category, propertyCondition)),
      description: demoDescription(category, rooms, street, city),
      yad2: i % 2 === 0 ? `https://www.yad2.co.il/item/demo${1000 + i}` : null,
      imageCount: 1 + (i % 4),
      lat: Math.round((CITY_MIDDLES[city]!.lat + (spot() - 0.5) * 0.015) * 1e6) / 1e6,
      lng: Math.round((CITY_MIDDLES[city]!.lng + (spot() - 0.5) * 0.015) * 1e6) / 1e6,
    });
  }
  return listings;
}

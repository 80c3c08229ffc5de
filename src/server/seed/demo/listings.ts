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
};

/** About 30 listings for sale and for rent in several cities: some sold, some pinuy binuy, some exclusive. */
export function demoListings(count = 30): DemoListing[] {
  const rand = prng(2026);
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
    const features = PROPERTY_FEATURES.filter(() => rand() > 0.55);
    listings.push({
      typeTransaction: isRent ? TRANSACTION_TYPES.rent : TRANSACTION_TYPES.sale,
      sold: i % 7 === 3,
      pinuyBinuy: i % 5 === 1,
      exclusive: i % 4 === 0,
      city,
      address: `${street} ${1 + Math.floor(rand() * 120)}`,
      price,
      category,
      rooms,
      floor: category === 'דירה' || category === 'פנטהאוז' ? String(1 + Math.floor(rand() * 12)) : 'קרקע',
      size,
      entryDate: pick(ENTRY_DATE_OPTIONS),
      propertyCondition: pick(PROPERTY_CONDITIONS),
      features,
      description: `${category} מוארת ומרווחת של ${rooms} חדרים ב${street}, ${city}. קרובה לתחבורה ציבורית, לבתי ספר ולמרכזי קניות.`,
      yad2: i % 2 === 0 ? `https://www.yad2.co.il/item/demo${1000 + i}` : null,
      imageCount: 1 + (i % 4),
    });
  }
  return listings;
}

/** Deal types as stored and shown (SPEC section 5). */
export const TRANSACTION_TYPES = { sale: 'מכירה', rent: 'השכרה' } as const;

/** Property categories exactly as SPEC section 9 lists them. */
export const PROPERTY_CATEGORIES = [
  'דירה',
  'דירת גן',
  'פנטהאוז דופלקס',
  'פנטהאוז',
  "קוטג'",
  'משרדים',
  'וילה',
  'דירת גן דופלקס',
  'שטח',
  'מסחרי',
  'דו משפחתי',
  'בית',
  'אחר',
] as const;

/** Features of a property (SPEC section 9); the creation form also offers the extra ones. */
export const PROPERTY_FEATURES = [
  'מעלית',
  'גישה לנכים',
  'מזגן טורנדו',
  'דלתות רב בריח',
  'מיזוג אוויר',
  'סורגים',
  'מחסן',
  'דוד שמש',
  'משופצת',
  'ממ"ד',
] as const;
export const EXTRA_CREATION_FEATURES = ['מרפסת', 'חניה', 'גינה', 'מסחרי'] as const;

export const ENTRY_DATE_OPTIONS = ['גמיש', 'מידי', 'לפי הסכם'] as const;

export const PROPERTY_CONDITIONS = ['חדש מקבלן', 'חדש', 'משופץ', 'שמור', 'דרוש שיפוץ'] as const;

/** Categories that are flats in a building, where the floor is one of the key facts. */
export const FLAT_CATEGORIES: readonly string[] = [
  'דירה',
  'דירת גן',
  'פנטהאוז דופלקס',
  'פנטהאוז',
  'דירת גן דופלקס',
];

/** Every feature a property may list: SPEC section 9's and the creation form's extra ones. */
export const ALL_FEATURES = [...PROPERTY_FEATURES, ...EXTRA_CREATION_FEATURES] as const;

/** Floors given in words; any other floor is a whole number from MIN_FLOOR to MAX_FLOOR. */
export const FLOOR_WORDS = ['קרקע', 'מרתף'] as const;
export const MIN_FLOOR = -5;
export const MAX_FLOOR = 100;

/** A floor as stored: a known word, or a whole number written plainly ('3', '-1'; '03' is kept as '3'). */
export function floorValue(text: string): string | null {
  const value = text.trim();
  if ((FLOOR_WORDS as readonly string[]).includes(value)) return value;
  if (!/^-?\d{1,3}$/.test(value)) return null;
  const floor = Number(value);
  return floor >= MIN_FLOOR && floor <= MAX_FLOOR ? String(floor) : null;
}

/** Rooms are counted in halves, from 1 to 20. */
export const isPlausibleRooms = (rooms: number) => rooms >= 1 && rooms <= 20 && Number.isInteger(rooms * 2);

/** The orders a property search can take (the zod-free home of the list, so pages need no zod for it). */
export const SEARCH_SORTS = ['newest', 'priceAsc', 'priceDesc', 'roomsAsc', 'roomsDesc'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

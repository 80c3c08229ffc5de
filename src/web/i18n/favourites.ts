import { plural } from './plural';

/** Texts the public pages show at once: the heart, the favourites link and the recently viewed strip. */
export const favourites = {
  /** The heart's name stays the same; aria-pressed says whether the property is saved. */
  heart: (address: string) => `שמירה במועדפים: ${address}`,
  added: 'הנכס נשמר במועדפים',
  removed: 'הנכס הוסר מהמועדפים',
  full: (max: number) =>
    `אפשר לשמור עד ${max.toLocaleString('he-IL')} נכסים במועדפים. הסירו נכס כדי להוסיף אחר.`,
  myFavourites: 'המועדפים שלי',
  recentTitle: 'נכסים שצפיתם בהם לאחרונה',
  recentCount: (n: number) => plural(n, { one: 'נכס אחד', other: '{n} נכסים' }),
  saveSearch: 'שמור חיפוש ושלחו לי נכסים חדשים',
} as const;

/** What the public pages show at once: the heart, the favourites link and the save-search button. */
export const favourites = {
  /** The heart's name stays the same; aria-pressed says whether the property is saved. */
  heart: (address: string) => `שמירה במועדפים: ${address}`,
  myFavourites: 'המועדפים שלי',
  saveSearch: 'שמירת החיפוש ועדכונים על נכסים חדשים',
} as const;

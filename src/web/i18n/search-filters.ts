/**
 * The texts of the search's 'more filters' (issue 39, docs/search.md): a module of their own, loaded with the
 * listing pages only (the Hebrew texts of `he` load on every page).
 */
export const searchFilters = {
  more: 'מסננים נוספים',
  minFloor: 'מקומה',
  maxFloor: 'עד קומה',
  floorHint: 'קרקע היא 0, מרתף הוא מינוס 1',
  notGround: 'לא קומת קרקע',
  notTop: 'לא קומה אחרונה',
  amenities: 'במה הנכס כולל',
  entry: 'מועד כניסה',
  entryAny: 'כל מועד',
  minPricePerMeter: 'מחיר למ״ר מ-',
  maxPricePerMeter: 'מחיר למ״ר עד',
  neighbourhood: 'שכונה',
  /** The map's toggle (the map's own texts load with it, src/web/i18n/search-map.ts). */
  showMap: 'מפה',
  hideMap: 'הסתרת המפה',
  mapLoading: 'המפה נטענת…',
  /** The filters in force, as chips: 'קומה 2–5 · חניה · ממ״ד'. */
  chips: 'מסננים פעילים',
  problems: {
    floor: 'הקומה חייבת להיות מספר שלם בין -5 ל-100 (קרקע היא 0)',
    pricePerMeter: 'המחיר למ״ר חייב להיות מספר שלם של שקלים שאינו שלילי',
    minAboveMax: 'המינימום לא יכול לעלות על המקסימום',
  },
} as const;

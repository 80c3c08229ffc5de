/**
 * The slider ends of the /Sale and /Rent filters: rooms 1 to 10, prices up to 20,000,000 ₪ (sale) or 50,000 ₪
 * (rent). A module of their own: the listing pages load them at once, while the sentence and the rest of
 * saved-search.ts load only with the save-search dialog.
 */
export const SEARCH_ROOMS = { min: 1, max: 10 } as const;
export const SEARCH_PRICE_MAX = { sale: 20_000_000, rent: 50_000 } as const;

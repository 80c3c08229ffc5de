/** The lead form's categories (SPEC section 3), by the key the site's links use (?category=seller). */
export const LEAD_CATEGORIES = { buyer: 'קונה', seller: 'מוכר', rental: 'השכרה' } as const;
export type LeadCategoryKey = keyof typeof LEAD_CATEGORIES;

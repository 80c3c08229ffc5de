/**
 * The brokerage order a visitor gets with a viewing's confirmation (docs/viewings.md, "The order and the
 * address"; decision 0064): the fee it names, and how the staff's viewing card states it.
 */

/** A buyer's order: this percentage of the price, VAT not included (the common rate; the lawyer checks it). */
export const VIEWING_ORDER_BUYER_FEE_PERCENT = 2;

/** A tenant's order: one month's rent (the property's price on a rental), VAT not included. */
export const viewingOrderFee = (side: 'buyer' | 'tenant', price: number) =>
  side === 'buyer'
    ? { feeKind: 'percent' as const, feeValue: VIEWING_ORDER_BUYER_FEE_PERCENT }
    : { feeKind: 'amount' as const, feeValue: price };

/** The order's state on the viewing card: signed, sent and waiting, or never sent. */
export const VIEWING_ORDER_STATES = ['signed', 'sent', 'none'] as const;
export type ViewingOrderState = (typeof VIEWING_ORDER_STATES)[number];

export const VIEWING_ORDER_LABELS: Record<ViewingOrderState, string> = {
  signed: 'נחתמה',
  sent: 'נשלחה, טרם נחתמה',
  none: 'לא נשלחה',
};

export const VIEWING_ORDER_MESSAGES = {
  noPrice: 'לנכס אין מחיר, ולכן לא נשלחה הזמנת שירותי תיווך',
  failed: 'לא ניתן היה להכין את הזמנת שירותי התיווך',
} as const;

/** The mail's paragraph and button beside the confirmation. */
export const VIEWING_ORDER_MAIL = {
  button: 'חתימה על הזמנת שירותי תיווך',
  paragraph:
    'לפי חוק המתווכים, לפני הביקור יש לחתום על הזמנת שירותי תיווך. ההזמנה מוכנה עבורכם: אפשר לקרוא אותה ולחתום עליה בטלפון, בקישור הבא.',
} as const;

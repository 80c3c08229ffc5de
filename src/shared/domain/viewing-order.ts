/**
 * The brokerage order a visitor gets with a viewing's confirmation (docs/viewings.md, "The order and the
 * address"; decision 0064): the fee it names, and how the staff's viewing card states it.
 */

/**
 * The agency's defaults (settings `viewingOrderBuyerFeePercent`, `viewingOrderTenantFeeMonths`): a buyer 2% of
 * the price, a tenant one month's rent, VAT not included (the common rates; the lawyer checks them).
 */
export const DEFAULT_VIEWING_ORDER_FEES = { buyerPercent: 2, tenantMonths: 1 } as const;

export type ViewingOrderFees = { buyerPercent: number; tenantMonths: number };

/**
 * The fee of the order sent with a viewing, by the settings in force when it is prepared: a buyer's is a
 * percent of the price; a tenant's an amount, the months of rent times the rent (the price of a rental),
 * rounded to whole shekels.
 */
export const viewingOrderFee = (
  side: 'buyer' | 'tenant',
  price: number,
  fees: ViewingOrderFees = DEFAULT_VIEWING_ORDER_FEES,
) =>
  side === 'buyer'
    ? { feeKind: 'percent' as const, feeValue: fees.buyerPercent }
    : { feeKind: 'amount' as const, feeValue: Math.round(price * fees.tenantMonths) };

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

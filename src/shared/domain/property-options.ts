/** Deal types as stored and shown (SPEC section 5). */
export const TRANSACTION_TYPES = { sale: 'מכירה', rent: 'השכרה' } as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[keyof typeof TRANSACTION_TYPES];

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

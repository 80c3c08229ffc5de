import { plural } from './plural';

/**
 * The brokerage order (הזמנת שירותי תיווך, docs/brokerage-order.md): its kinds, states and the rules on its
 * fee, shared by the form, the server and the signing page.
 */

export const DOCUMENT_KINDS = ['order', 'exclusivity'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const ORDER_SIDES = ['buyer', 'tenant', 'seller', 'landlord'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];

export const TRANSACTION_KINDS = ['sale', 'purchase', 'rent', 'let'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export const ORDER_STATUSES = ['sent', 'opened', 'signed', 'expired', 'revoked'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PHONE_PROOFS = ['otp_sms', 'link'] as const;
export type PhoneProof = (typeof PHONE_PROOFS)[number];

export const SIGNATURE_METHODS = ['drawn', 'typed'] as const;
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];

export const FEE_KINDS = ['amount', 'percent'] as const;
export type FeeKind = (typeof FEE_KINDS)[number];

/** A property on the order: one of ours (its id) and the address printed, or a free-text address. */
export type OrderProperty = { propertyId?: string; address: string };

/** The transaction each side of a deal makes: a buyer purchases, a seller sells, a tenant rents, a landlord lets. */
export const TRANSACTION_OF_SIDE: Record<OrderSide, TransactionKind> = {
  buyer: 'purchase',
  tenant: 'rent',
  seller: 'sale',
  landlord: 'let',
};

export const SIDE_LABELS: Record<OrderSide, string> = {
  buyer: 'קונה',
  tenant: 'שוכר',
  seller: 'מוכר',
  landlord: 'משכיר',
};

export const TRANSACTION_LABELS: Record<TransactionKind, string> = {
  sale: 'מכירה',
  purchase: 'קנייה',
  rent: 'שכירות',
  let: 'השכרה',
};

/** How long a signing link lives. */
export const SIGN_LINK_DAYS = 7;
/** After this long sent and unsigned, an order shows on the agent's day. */
export const UNSIGNED_AFTER_HOURS = 24;
/** The one-time code that proves the signer's phone when SMS is configured (decision 0054). */
export const SIGN_CODE = {
  digits: 6,
  /** How long a code is good for. */
  minutes: 10,
  /** Wrong tries of one code before the wait. */
  attempts: 5,
  /** The wait after too many wrong tries, before a new code can be asked for. */
  waitMinutes: 15,
  /** A new code no sooner than this after the last one. */
  resendSeconds: 60,
  /** At most this many codes for one link in an hour (each is an SMS). */
  perHour: 5,
} as const;

/** The most properties one order lists (a long tour). */
export const MAX_ORDER_PROPERTIES = 20;

export const ORDER_MESSAGES = {
  side: 'יש לבחור את הצד בעסקה',
  transactionKind: 'יש לבחור את סוג העסקה',
  transactionOfSide: 'סוג העסקה אינו מתאים לצד שנבחר',
  clientName: 'יש להזין את שם הלקוח',
  clientIdNumber: 'יש להזין מספר זהות של הלקוח',
  clientIdInvalid: 'מספר הזהות אינו תקין (ספרת הביקורת אינה מתאימה)',
  clientAddress: 'יש להזין את כתובת הלקוח',
  signerIdNumber: 'יש להזין את מספר תעודת הזהות שלך',
  signerAddress: 'יש להזין את כתובת המגורים שלך',
  clientPhone: 'יש להזין מספר טלפון נייד של הלקוח',
  properties: 'יש לציין לפחות נכס אחד (כתובת או נכס מהמאגר)',
  tooManyProperties: `עד ${MAX_ORDER_PROPERTIES} נכסים בהזמנה אחת`,
  propertyAddress: 'יש להזין את כתובת הנכס',
  approxPrice: 'יש להזין מחיר משוער גדול מאפס (בש״ח, מספר שלם)',
  feeKind: 'יש לבחור אם דמי התיווך הם סכום או אחוז',
  fee: 'דמי התיווך חייבים להיות גדולים מאפס',
  feeNegative: 'דמי התיווך אינם יכולים להיות שליליים',
  feePercentMax: 'אחוז דמי התיווך אינו יכול לעלות על 100%',
  feeDecimals: 'עד שתי ספרות אחרי הנקודה',
  vatIncluded: 'יש לציין אם המע״מ כלול',
  broker: 'לסניף אין מתווך בעל רישיון: יש להוסיף אותו בהגדרות הסניף',
  brokerUnknown: 'המתווך שנבחר אינו רשום בסניף',
  brokerAddress: 'חסרה כתובת המשרד: יש להזין אותה בהגדרות הסניף או הסוכנות',
  source: 'יש ליצור את ההזמנה מליד או מנכס',
  notFound: 'ההזמנה לא נמצאה',
  signedLocked: 'הזמנה חתומה אינה ניתנת לשינוי: יש ליצור הזמנה מתקנת',
  notSendable: 'אפשר לשלוח רק הזמנה שעדיין לא נחתמה ולא בוטלה',
  alreadyRevoked: 'ההזמנה כבר בוטלה',
  revokeReason: 'יש לכתוב את סיבת הביטול',
  replacesOther: 'הזמנה מתקנת יכולה להחליף רק הזמנה של אותו לקוח באותו סניף',
  linkUnknown: 'הקישור אינו תקין. בקשו מהסוכן קישור חדש.',
  linkExpired: 'תוקף הקישור פג. בקשו מהסוכן לשלוח קישור חדש.',
  linkUsed: 'הקישור כבר שימש לחתימה ואינו תקף עוד.',
  orderRevoked: 'ההזמנה בוטלה על ידי המשרד ואינה זמינה לחתימה.',
  signatureEmpty: 'יש לחתום בתיבת החתימה או להקליד את השם המלא',
  signatureInvalid: 'קובץ החתימה אינו תקין, נסו לחתום שוב',
  consent: 'יש לסמן שקראתם את ההזמנה ואתם מסכימים לה',
  typedName: 'יש להקליד את השם המלא כפי שהוא מופיע בהזמנה',
  codeMissing: `יש להזין את הקוד בן ${SIGN_CODE.digits} הספרות שנשלח אליכם ב־SMS`,
  codeNone: 'עדיין לא נשלח קוד. בקשו קוד בלחיצה על הכפתור.',
  codeExpired: 'תוקף הקוד פג. בקשו קוד חדש.',
  codeTooSoon: 'קוד נשלח זה עתה. אפשר לבקש קוד נוסף בעוד דקה.',
  codeTooMany: 'נשלחו יותר מדי קודים לקישור הזה. נסו שוב בעוד שעה.',
  phoneNotProven: 'לפני החתימה יש לאמת את הטלפון בקוד שנשלח ב־SMS',
  smsOff: 'אימות בקוד אינו פעיל במשרד הזה.',
} as const;

/** A wrong code: how many tries are left, by number. */
export const codeWrongMessage = (left: number) =>
  `הקוד שגוי. ${plural(left, { one: 'נשאר עוד ניסיון אחד', other: 'נשארו עוד {n} ניסיונות' })}.`;

/** Too many wrong codes: how long to wait, by number. */
export const codeLockedMessage = (minutes: number) =>
  `יותר מדי ניסיונות שגויים. אפשר לבקש קוד חדש בעוד ${plural(minutes, { one: 'דקה אחת', two: 'שתי דקות', other: '{n} דקות' })}.`;

/** A fee written with at most two decimals (1.5%, 1,234.56 ₪). */
const TWO_DECIMALS = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/**
 * Why a fee is refused, or null: a fee is above zero, a percentage at most 100, with at most two decimals.
 * The order is a refusal for negative first, so a '-3' says 'negative' rather than 'must be above zero'.
 */
export function feeRefusal(kind: FeeKind, value: number): string | null {
  if (!Number.isFinite(value)) return ORDER_MESSAGES.fee;
  if (value < 0) return ORDER_MESSAGES.feeNegative;
  if (value === 0) return ORDER_MESSAGES.fee;
  if (!TWO_DECIMALS(value)) return ORDER_MESSAGES.feeDecimals;
  if (kind === 'percent' && value > 100) return ORDER_MESSAGES.feePercentMax;
  return null;
}

/** The fee as stored: whole agorot for a sum, hundredths of a percent for a percentage. */
export function storedFee(
  kind: FeeKind,
  value: number,
): { feeAgorot: number | null; feePercentHundredths: number | null } {
  const hundredths = Math.round(value * 100);
  return kind === 'amount'
    ? { feeAgorot: hundredths, feePercentHundredths: null }
    : { feeAgorot: null, feePercentHundredths: hundredths };
}

const shekels = new Intl.NumberFormat('he-IL', {
  style: 'currency',
  currency: 'ILS',
  maximumFractionDigits: 2,
});

/** The fee in words for the order: '2% מהמחיר, לא כולל מע״מ' or '‏5,000 ₪, כולל מע״מ'. */
export function feeText(fee: {
  feeAgorot: number | null;
  feePercentHundredths: number | null;
  vatIncluded: boolean;
}): string {
  const vat = fee.vatIncluded ? 'כולל מע״מ' : 'בתוספת מע״מ כחוק';
  if (fee.feePercentHundredths !== null) {
    const percent = (fee.feePercentHundredths / 100).toLocaleString('he-IL', { maximumFractionDigits: 2 });
    return `${percent}% ממחיר העסקה, ${vat}`;
  }
  return `${shekels.format((fee.feeAgorot ?? 0) / 100)}, ${vat}`;
}

export const formatShekels = (amount: number) => shekels.format(amount);

/**
 * An order's state as people see it: a sent or opened order whose link has expired is 'expired' even before
 * anything wrote that down.
 */
export function effectiveStatus(status: OrderStatus, linkExpiresAt: Date | null, now: Date): OrderStatus {
  if ((status === 'sent' || status === 'opened') && linkExpiresAt && linkExpiresAt.getTime() <= now.getTime())
    return 'expired';
  return status;
}

/**
 * The side a lead's client most likely takes: a seller's lead sells (or lets, for a rental), anyone else buys
 * (or rents). The agent can change it on the form.
 */
export function sideOfLead(category: string, rent: boolean): OrderSide {
  if (category === 'מוכר') return rent ? 'landlord' : 'seller';
  return rent ? 'tenant' : 'buyer';
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  sent: 'נשלחה',
  opened: 'נפתחה',
  signed: 'נחתמה',
  expired: 'פג תוקף',
  revoked: 'בוטלה',
};

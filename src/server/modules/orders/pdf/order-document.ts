/**
 * What the signed order's PDF shows, independent of the database: the orders service fills it from the order as
 * signed (its frozen broker details, client, properties, price, fee and terms) and the signing evidence.
 */
export type OrderTransactionKind = 'sale' | 'purchase' | 'rent' | 'let';

export type OrderFee =
  /** A sum in whole agorot. */
  | { kind: 'amount'; agorot: number }
  /** A percentage of the transaction's price, in hundredths of a percent (150 = 1.5%). */
  | { kind: 'percent'; basisPoints: number };

export type OrderDocument = {
  orderId: string;
  /** The agency that issues the order, printed at the top. */
  agencyName: string;
  broker: { name: string; licenceNumber: string; address: string };
  client: { name: string; idNumber: string; address: string };
  kind: OrderTransactionKind;
  /** One line per property: its address or description. */
  properties: string[];
  /** The approximate price (sale, purchase) or monthly rent (rent, let), in whole agorot. */
  approximatePriceAgorot: number;
  fee: OrderFee;
  vatIncluded: boolean;
  /** The order's own text as the client read it, one paragraph per entry. */
  terms: string[];
  /** The order this one corrects, when it replaces one. */
  replacesOrderId?: string;
  signedAt: Date;
  /** The signature as drawn (or typed, then drawn) by the signer: PNG bytes. */
  signaturePng: Uint8Array;
};

export const TITLE = 'הזמנת שירותי תיווך';

export const KIND_LABEL: Record<OrderTransactionKind, string> = {
  sale: 'מכירה',
  purchase: 'קנייה',
  rent: 'שכירות',
  let: 'השכרה',
};

const isRent = (kind: OrderTransactionKind) => kind === 'rent' || kind === 'let';

const shekels = new Intl.NumberFormat('he-IL', { maximumFractionDigits: 0 });
const shekelsAndAgorot = new Intl.NumberFormat('he-IL', { minimumFractionDigits: 2 });
const percent = new Intl.NumberFormat('he-IL', { maximumFractionDigits: 2 });

/** "1,250,000 ₪" or "7,500.50 ₪": digits grouped, the sign after the number as Hebrew text writes it. */
export const formatShekels = (agorot: number) =>
  `${(agorot % 100 === 0 ? shekels : shekelsAndAgorot).format(agorot / 100)} ₪`;

export const priceLine = (doc: OrderDocument) =>
  isRent(doc.kind)
    ? `דמי שכירות משוערים: ${formatShekels(doc.approximatePriceAgorot)} לחודש`
    : `מחיר משוער: ${formatShekels(doc.approximatePriceAgorot)}`;

export function feeLine(doc: OrderDocument): string {
  const fee =
    doc.fee.kind === 'amount'
      ? formatShekels(doc.fee.agorot)
      : `${percent.format(doc.fee.basisPoints / 100)}% ${isRent(doc.kind) ? 'מדמי השכירות' : 'ממחיר העסקה'}`;
  return `דמי תיווך: ${fee}`;
}

export const vatLine = (doc: OrderDocument) =>
  doc.vatIncluded ? 'דמי התיווך כוללים מע״מ.' : 'לדמי התיווך יתווסף מע״מ כדין.';

const israelTime = new Intl.DateTimeFormat('he-IL', {
  timeZone: 'Asia/Jerusalem',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "29.11.2026 בשעה 10:15 (שעון ישראל)". */
export function signedAtLine(at: Date): string {
  const parts = Object.fromEntries(israelTime.formatToParts(at).map((p) => [p.type, p.value]));
  return `נחתם ב־${parts.day}.${parts.month}.${parts.year} בשעה ${parts.hour}:${parts.minute} (שעון ישראל)`;
}

export const footerLine = (orderId: string, page: number, pages: number) =>
  `הזמנה מספר ${orderId} · עמוד ${page} מתוך ${pages}`;

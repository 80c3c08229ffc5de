/**
 * What the signed order's PDF shows, independent of the database: the order's own text as the client read and
 * signed it (the same clauses as its stored HTML, see from-order.ts), the signature and the signing time.
 */
export type OrderDocument = {
  orderId: string;
  /** The agency that issues the order, printed above the title. */
  agencyName: string;
  /** The document's title: the order's, or the exclusivity's (documentTitle). */
  title?: string;
  /** Lines under the title: the law the order follows, its number and date, the order it replaces. */
  preamble: string[];
  /** The order's sections (the broker, the client, the transaction, the properties, the fee), in reading order. */
  sections: { title: string; lines: string[] }[];
  /** Drawn with a finger (PNG bytes), or typed by the signer. */
  signature: { method: 'drawn'; png: Uint8Array } | { method: 'typed'; name: string };
  signedAt: Date;
};

export const TITLE = 'הזמנת שירותי תיווך';

const israelTime = new Intl.DateTimeFormat('he-IL', {
  timeZone: 'Asia/Jerusalem',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "נחתם ב־29.11.2026 בשעה 10:15 (שעון ישראל)". */
export function signedAtLine(at: Date): string {
  const parts = Object.fromEntries(israelTime.formatToParts(at).map((p) => [p.type, p.value]));
  return `נחתם ב־${parts.day}.${parts.month}.${parts.year} בשעה ${parts.hour}:${parts.minute} (שעון ישראל)`;
}

export const typedSignatureLine = (name: string) => `חתימה בהקלדת השם: ${name}`;

export const footerLine = (orderId: string, page: number, pages: number) =>
  `הזמנה מספר ${orderId} · עמוד ${page} מתוך ${pages}`;

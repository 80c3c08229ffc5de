import { createHash } from 'node:crypto';
import { feeText, formatShekels, SIDE_LABELS, TRANSACTION_LABELS } from '@shared/domain/brokerage-order';
import { MARKETING_ACTION_LABELS } from '@shared/domain/exclusivity';
import { formatDate } from '@shared/domain/israel-time';
import { displayIsraeliMobile } from '@shared/domain/phone';
import type { brokerageOrders } from '../../db/schema';

type OrderRow = typeof brokerageOrders.$inferSelect;

export const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * What the signer declares by ticking the box. Its SHA-256 is stored with the signature, so the words agreed to
 * are known even if this text is reworded later.
 */
export const CONSENT_TEXT =
  'קראתי את הזמנת שירותי התיווך במלואה, הבנתי אותה ואני מסכים/ה לה. ידוע לי שחתימתי האלקטרונית מחייבת כחתימה בכתב יד.';

/** The title the document prints: the order's, or the exclusivity's. */
export const documentTitle = (order: Pick<OrderRow, 'kind'>) =>
  order.kind === 'exclusivity' ? 'הזמנת שירותי תיווך בבלעדיות' : 'הזמנת שירותי תיווך';

/** A date stored as YYYY-MM-DD, as the document prints it (29.11.2026). */
const printedDay = (day: string) => day.split('-').reverse().join('.');

/**
 * An exclusivity's own clauses (docs/brokerage-order.md, "Exclusivity"): the term and its end date, and the
 * marketing actions the agency commits to. The wording must be checked by the agency's lawyer.
 */
function exclusivityClauses(order: OrderRow): { title: string; lines: string[] }[] {
  if (order.kind !== 'exclusivity' || !order.termStart || !order.termEnd) return [];
  return [
    {
      title: 'הבלעדיות',
      lines: [
        `הלקוח מעניק למתווך בלעדיות בשיווק הנכס מיום ${printedDay(order.termStart)} ועד יום ${printedDay(order.termEnd)}.`,
        `תקופת הבלעדיות מסתיימת ביום ${printedDay(order.termEnd)}.`,
      ],
    },
    {
      title: 'פעולות השיווק שהמתווך מתחייב לבצע',
      lines: (order.marketingActions ?? []).map((a, i) => `${i + 1}. ${MARKETING_ACTION_LABELS[a]}`),
    },
  ];
}

/** The body of the order in plain Hebrew, in reading order (also what the PDF prints). */
export function orderClauses(order: OrderRow): { title: string; lines: string[] }[] {
  return [...baseClauses(order), ...exclusivityClauses(order)];
}

/** An order sent with a viewing's confirmation leaves the client's ID and address to the signer. */
const SIGNER_FILLS = '(ימולא בעת החתימה)';

function baseClauses(order: OrderRow): { title: string; lines: string[] }[] {
  const properties = order.properties.map((p, i) => `${i + 1}. ${p.address}`);
  return [
    {
      title: 'המתווך',
      lines: [
        `${order.brokerName}, מתווך מקרקעין בעל רישיון מספר ${order.brokerLicence}`,
        `מטעם ${order.agencyName}, ${order.brokerAddress}`,
      ],
    },
    {
      title: 'הלקוח',
      lines: [
        `${order.clientName}, תעודת זהות ${order.clientIdNumber || SIGNER_FILLS}`,
        `כתובת: ${order.clientAddress || SIGNER_FILLS}`,
        `טלפון: ${displayIsraeliMobile(order.clientPhone)}`,
      ],
    },
    {
      title: 'העסקה',
      lines: [
        `הלקוח מזמין שירותי תיווך כ${SIDE_LABELS[order.side]}, לעסקת ${TRANSACTION_LABELS[order.transactionKind]}.`,
        `המחיר המשוער המבוקש: ${formatShekels(order.approxPrice)}`,
      ],
    },
    { title: order.properties.length > 1 ? 'הנכסים' : 'הנכס', lines: properties },
    {
      title: 'דמי התיווך',
      lines: [
        `דמי התיווך: ${feeText(order)}.`,
        'דמי התיווך ישולמו רק אם הלקוח יתקשר בהסכם מחייב לעסקה בנכס שהוצג לו על ידי המתווך, והמתווך היה הגורם היעיל שהביא להתקשרות.',
      ],
    },
  ];
}

/**
 * The order as one HTML fragment: what the signing page shows above the signature, and what is stored (with
 * its SHA-256) as the snapshot of the signed text. It depends only on the order's own stored columns, so the
 * same order always gives the same bytes.
 */
export function orderDocumentHtml(order: OrderRow): string {
  const sections = orderClauses(order)
    .map(
      (section) =>
        `<section><h2>${escapeHtml(section.title)}</h2>${section.lines
          .map((line) => `<p>${escapeHtml(line)}</p>`)
          .join('')}</section>`,
    )
    .join('');
  const replaces = order.replacesOrderId
    ? `<p>הזמנה זו מתקנת ומחליפה את ההזמנה <bdi dir="ltr">${escapeHtml(order.replacesOrderId)}</bdi>.</p>`
    : '';
  return [
    '<article class="order" lang="he" dir="rtl">',
    `<h1>${documentTitle(order)}</h1>`,
    `<p>לפי חוק המתווכים במקרקעין, התשנ״ו-1996, ותקנות המתווכים במקרקעין (פרטי הזמנה בכתב), התשנ״ז-1997.</p>`,
    `<p>מספר הזמנה: <bdi dir="ltr">${escapeHtml(order.id)}</bdi> · תאריך: ${escapeHtml(formatDate(order.createdAt))}</p>`,
    replaces,
    sections,
    '</article>',
  ].join('');
}

// Ids read left to right inside Hebrew: the HTML isolates them with <bdi dir="ltr">, the PDF with LRI…PDI.
const isolated = (id: string) => `\u2066${id}\u2069`;

/**
 * The lines under the title as the PDF prints them: the same words as the paragraphs orderDocumentHtml writes
 * before the sections (keep the two together).
 */
export function orderPreamble(order: OrderRow): string[] {
  return [
    'לפי חוק המתווכים במקרקעין, התשנ״ו-1996, ותקנות המתווכים במקרקעין (פרטי הזמנה בכתב), התשנ״ז-1997.',
    `מספר הזמנה: ${isolated(order.id)} · תאריך: ${formatDate(order.createdAt)}`,
    ...(order.replacesOrderId
      ? [`הזמנה זו מתקנת ומחליפה את ההזמנה ${isolated(order.replacesOrderId)}.`]
      : []),
  ];
}

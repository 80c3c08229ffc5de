import type { AlertReason } from '@shared/domain/alert-rules';
import { kindWithRooms, roomsText } from '@shared/domain/rooms';
import { paths } from '@shared/paths';
import type { AlertProperty } from '@shared/schemas/alerts';
import { absoluteUrl } from '../../lib/links';
import type { OutgoingMail } from '../mail';
import { advertisingSubject, type MailBrand } from './mail-brand';
import { escapeHtml, mailButton, mailPage, senderText } from './mail-layout';

export type AlertItem = { property: AlertProperty; reason: AlertReason; oldPrice: number | null };

const shekels = (value: number) => `${value.toLocaleString('en-US')} ₪`;

/** Where a one-click unsubscribe goes: the page (GET) and the List-Unsubscribe-Post target (POST). */
export const unsubscribeUrl = (appOrigin: string, token: string) =>
  absoluteUrl(appOrigin, `/alerts/unsubscribe/${encodeURIComponent(token)}`);

const titleOf = (p: AlertProperty) => `${kindWithRooms(p.category, p.rooms)} ב${p.city}`;
const priceLine = (item: AlertItem) =>
  item.reason === 'priceDrop' && item.oldPrice !== null && item.oldPrice > item.property.price
    ? `המחיר ירד: ${shekels(item.property.price)} (במקום ${shekels(item.oldPrice)})`
    : shekels(item.property.price);

function subjectOf(items: readonly AlertItem[]): string {
  if (items.length === 1) {
    const [item] = items;
    const what = titleOf(item!.property);
    return item!.reason === 'priceDrop' ? `ירידת מחיר: ${what}` : `נכס חדש שמתאים לכם: ${what}`;
  }
  return `${items.length} נכסים שמתאימים לכם`;
}

function itemHtml(appOrigin: string, item: AlertItem): string {
  const p = item.property;
  const link = absoluteUrl(appOrigin, paths.propertyView(p._id));
  const image = p.image
    ? `<a href="${escapeHtml(link)}"><img src="${escapeHtml(absoluteUrl(appOrigin, p.image))}" alt="${escapeHtml(`${titleOf(p)}, ${p.address}`)}" width="568" style="display:block;width:100%;max-width:568px;height:auto;border:0;border-radius:6px"></a>`
    : '';
  const facts = [p.rooms === null ? null : roomsText(p.rooms), p.city, p.address].filter(Boolean).join(' · ');
  return [
    '<div style="margin:0 0 24px;padding:0 0 16px;border-bottom:1px solid #e5e7eb">',
    image,
    `<h2 style="margin:12px 0 4px;font-size:18px;color:#111827">${escapeHtml(titleOf(p))}</h2>`,
    `<p style="margin:0 0 4px;font-size:18px;font-weight:bold;color:#1f3b57">${escapeHtml(priceLine(item))}</p>`,
    `<p style="margin:0 0 12px;color:#374151">${escapeHtml(facts)}</p>`,
    mailButton(link, 'לצפייה בנכס'),
    '</div>',
  ].join('\n');
}

/**
 * The alert mail: per property a photo, the price (and the old one on a drop), the rooms, the city and a link
 * to its page; then the private page and a one-click unsubscribe, in the body and in the List-Unsubscribe
 * headers (RFC 8058), and the agency's details; the subject opens with "פרסומת" when the agency chose so. The
 * photos are JPEG (the caller passes each card's mail photo). Every link is built from APP_ORIGIN.
 */
export function alertMail(
  appOrigin: string,
  subscriber: { id: string; name: string; email: string },
  items: readonly AlertItem[],
  tokens: { access: string; unsubscribe: string },
  brand: MailBrand,
): OutgoingMail {
  const subject = advertisingSubject(subjectOf(items), brand);
  const manage = absoluteUrl(appOrigin, paths.myAlerts(tokens.access));
  const unsubscribe = unsubscribeUrl(appOrigin, tokens.unsubscribe);
  const intro = `שלום ${subscriber.name}, אלה הנכסים החדשים והורדות המחיר שמתאימים לחיפושים ולמועדפים שלכם:`;
  const why = 'קיבלתם את המייל כי נרשמתם באתר לעדכוני נכסים ואישרתם את ההרשמה.';
  const text = [
    intro,
    '',
    ...items.flatMap((item) => [
      titleOf(item.property),
      priceLine(item),
      [item.property.rooms === null ? null : roomsText(item.property.rooms), item.property.address]
        .filter(Boolean)
        .join(', '),
      absoluteUrl(appOrigin, paths.propertyView(item.property._id)),
      '',
    ]),
    `המועדפים והחיפושים שלכם: ${manage}`,
    `להסרה מרשימת התפוצה: ${unsubscribe}`,
    why,
    '',
    senderText(brand.sender),
  ].join('\n');
  const footer = [
    `<p style="margin:0 0 8px"><a href="${escapeHtml(manage)}" style="color:#1f3b57">המועדפים והחיפושים שלכם</a></p>`,
    `<p style="margin:0 0 8px"><a href="${escapeHtml(unsubscribe)}" style="color:#1f3b57">הסרה מרשימת התפוצה</a></p>`,
    `<p style="margin:0">${escapeHtml(why)}</p>`,
  ].join('\n');
  return {
    kind: 'alert',
    refId: subscriber.id,
    to: subscriber.email,
    subject,
    text,
    html: mailPage(
      subject,
      `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>\n${items.map((i) => itemHtml(appOrigin, i)).join('\n')}`,
      footer,
      brand.sender,
    ),
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

import { paths } from '@shared/paths';
import { absoluteUrl } from '../../lib/links';
import type { OutgoingMail } from '../mail';
import { escapeHtml, type MailSender, mailButton, mailPage, senderText } from './mail-layout';

/** What the link confirms, in words (a stranger's search is never adopted blindly). */
export type Awaiting = { searches: readonly string[]; favourites: readonly string[] };

function awaitingLines(awaiting: Awaiting): string[] {
  return [
    ...awaiting.searches.map((sentence) => `חיפוש: ${sentence}`),
    ...awaiting.favourites.map((title) => `נכס במועדפים: ${title}`),
  ];
}

/** The private link that confirms the subscription when opened (the page posts the confirmation). */
export const confirmLink = (appOrigin: string, token: string) =>
  absoluteUrl(appOrigin, `${paths.myAlerts(token)}?confirm=1`);

/** The double opt-in mail: nothing else is sent to the address before its link is opened. */
export function confirmationMail(
  appOrigin: string,
  subscriber: { id: string; name: string; email: string },
  token: string,
  awaiting: Awaiting,
  sender: MailSender,
): OutgoingMail {
  const link = confirmLink(appOrigin, token);
  const subject = 'אישור הרשמה לעדכוני נכסים';
  const what = awaitingLines(awaiting);
  const lines = [
    `שלום ${subscriber.name},`,
    what.length > 0
      ? 'ביקשתם לקבל עדכונים על נכסים חדשים ועל הורדות מחיר עבור:'
      : 'ביקשתם לקבל עדכונים על נכסים חדשים ועל הורדות מחיר.',
  ];
  const confirm = 'כדי להתחיל, אשרו את ההרשמה בקישור:';
  const ignore = 'אם לא ביקשתם זאת, אפשר להתעלם מהמייל: לא יישלחו אליכם עדכונים בלי האישור.';
  const keep =
    'הקישור הוא גם הכניסה האישית שלכם למועדפים ולחיפושים השמורים, מכל מכשיר. שמרו עליו ואל תעבירו אותו לאחרים.';
  return {
    kind: 'alert-confirm',
    refId: subscriber.id,
    to: subscriber.email,
    subject,
    text: [
      ...lines,
      ...what.map((l) => `- ${l}`),
      confirm,
      link,
      '',
      keep,
      '',
      ignore,
      '',
      senderText(sender),
    ].join('\n'),
    html: mailPage(
      subject,
      [
        ...lines.map((l) => `<p style="margin:0 0 12px">${escapeHtml(l)}</p>`),
        what.length > 0
          ? `<ul style="margin:0 0 12px;padding:0 20px 0 0">${what.map((l) => `<li style="margin:0 0 4px">${escapeHtml(l)}</li>`).join('')}</ul>`
          : '',
        `<p style="margin:0 0 12px">${escapeHtml(confirm)}</p>`,
        `<p style="margin:16px 0">${mailButton(link, 'אישור ההרשמה')}</p>`,
        `<p style="margin:0 0 12px">${escapeHtml(keep)}</p>`,
      ].join('\n'),
      escapeHtml(ignore),
      sender,
    ),
  };
}

/** A fresh private link for an address that lost its own. */
export function linkMail(
  appOrigin: string,
  subscriber: { id: string; name: string; email: string },
  token: string,
  sender: MailSender,
): OutgoingMail {
  const link = absoluteUrl(appOrigin, paths.myAlerts(token));
  const subject = 'הקישור האישי שלכם למועדפים ולחיפושים';
  const intro = `שלום ${subscriber.name}, זה הקישור האישי שלכם למועדפים ולחיפושים השמורים:`;
  const ignore = 'אם לא ביקשתם את הקישור, אפשר להתעלם מהמייל.';
  return {
    kind: 'alert-link',
    refId: subscriber.id,
    to: subscriber.email,
    subject,
    text: [intro, link, '', ignore, '', senderText(sender)].join('\n'),
    html: mailPage(
      subject,
      `<p style="margin:0 0 12px">${escapeHtml(intro)}</p><p style="margin:16px 0">${mailButton(link, 'למועדפים ולחיפושים')}</p>`,
      escapeHtml(ignore),
      sender,
    ),
  };
}

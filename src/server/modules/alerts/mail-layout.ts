import type { AgencySettings } from '@shared/schemas/settings';
import { absoluteUrl } from '../../lib/links';

/** Text for HTML: the five characters that could open markup or end an attribute. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const FONT = "font-family:Arial,'Segoe UI',Helvetica,sans-serif";

/** A button-like link, large enough for a thumb. */
export const mailButton = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="display:inline-block;background:#1f3b57;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold;${FONT}">${escapeHtml(label)}</a>`;

/**
 * Who sends a mail to the public, as section 30A of the Communications Law asks of an advertisement's sender: the
 * agency's name, logo, address and phone (and its e-mail), in every mail's footer. The logo is the app's PNG icon,
 * served to other origins (mail clients) by the security plugin.
 */
export type MailSender = { name: string; address: string; phone: string; email: string; logoUrl: string };

export function mailSender(
  settings: Pick<AgencySettings, 'agencyName' | 'address' | 'city' | 'phone' | 'email'>,
  appOrigin: string,
): MailSender {
  const address = [settings.address, settings.city].filter((part) => part.trim() !== '').join(', ');
  return {
    name: settings.agencyName,
    address,
    phone: settings.phone,
    email: settings.email,
    logoUrl: absoluteUrl(appOrigin, MAIL_LOGO_PATH),
  };
}

export const MAIL_LOGO_PATH = '/icons/icon-192.png';

/** The sender's lines for a mail's text part. */
export const senderText = (sender: MailSender) =>
  [`${sender.name} · ${sender.address}`, `טלפון: ${sender.phone} · מייל: ${sender.email}`].join('\n');

/** The sender's block under a mail's footer: the logo beside the name, the address, the phone and the e-mail. */
function senderHtml(sender: MailSender): string {
  const tel = `tel:${sender.phone.replace(/[^\d+]/g, '')}`;
  return [
    '<table role="presentation" cellpadding="0" cellspacing="0" style="margin-top:12px" dir="rtl"><tr>',
    `<td style="padding-left:12px;vertical-align:top"><img src="${escapeHtml(sender.logoUrl)}" alt="${escapeHtml(sender.name)}" width="40" height="40" style="display:block;border:0;border-radius:8px"></td>`,
    `<td style="vertical-align:top;color:#4b5563;font-size:13px;line-height:1.5;${FONT}">`,
    `<strong style="color:#111827">${escapeHtml(sender.name)}</strong><br>`,
    `${escapeHtml(sender.address)}<br>`,
    `<a href="${escapeHtml(tel)}" style="color:#1f3b57" dir="ltr">${escapeHtml(sender.phone)}</a> · `,
    `<a href="mailto:${escapeHtml(sender.email)}" style="color:#1f3b57" dir="ltr">${escapeHtml(sender.email)}</a>`,
    '</td></tr></table>',
  ].join('');
}

/**
 * A mail page that reads right to left and fits a phone: one column up to 600 px wide, inline styles only
 * (mail clients drop style sheets), system fonts; the sender's details close it.
 */
export function mailPage(title: string, body: string, footer: string, sender: MailSender): string {
  return [
    '<!doctype html>',
    '<html lang="he" dir="rtl">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f3f4f6;direction:rtl;text-align:right;${FONT}">`,
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6">',
    '<tr><td align="center" style="padding:16px 8px">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px" dir="rtl">',
    `<tr><td style="padding:20px 16px;direction:rtl;text-align:right;color:#111827;font-size:16px;line-height:1.5;${FONT}">`,
    `<h1 style="margin:0 0 16px;font-size:22px;color:#1f3b57">${escapeHtml(title)}</h1>`,
    body,
    '</td></tr>',
    `<tr><td style="padding:16px;border-top:1px solid #e5e7eb;direction:rtl;text-align:right;color:#4b5563;font-size:13px;line-height:1.5;${FONT}">${footer}${senderHtml(sender)}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n');
}

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
 * A mail page that reads right to left and fits a phone: one column up to 600 px wide, inline styles only
 * (mail clients drop style sheets), system fonts.
 */
export function mailPage(title: string, body: string, footer: string): string {
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
    `<tr><td style="padding:16px;border-top:1px solid #e5e7eb;direction:rtl;text-align:right;color:#4b5563;font-size:13px;line-height:1.5;${FONT}">${footer}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n');
}

import { ORDER_MESSAGES } from '@shared/domain/brokerage-order';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { getSettings } from '../settings';
import type { OrderRow } from './access';
import { CONSENT_TEXT, documentTitle, orderDocumentHtml } from './order-document';
import { SIGN_PAD_SCRIPT } from './sign-pad-script';
import { openSigningLink } from './signing';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Signing pages are personal evidence: never cached, never indexed, never naming themselves to another site. */
export function privateHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .header('referrer-policy', 'no-referrer');
}

const STYLE = [
  'body{font-family:Arial,"Segoe UI",sans-serif;margin:0;padding:16px;background:#f3f4f6;color:#111827;line-height:1.7}',
  'main{max-width:720px;margin:0 auto;background:#fff;border-radius:8px;padding:20px}',
  'h1{font-size:1.5rem;margin:0 0 8px;color:#1f3b57}h2{font-size:1.125rem;margin:20px 0 4px;color:#1f3b57}',
  'p{margin:4px 0}.order{border-block-end:1px solid #d1d5db;padding-block-end:12px}',
  'fieldset{border:1px solid #d1d5db;border-radius:6px;margin:16px 0;padding:12px}legend{font-weight:bold;padding:0 4px}',
  '#sign-pad{display:block;inline-size:100%;block-size:180px;border:2px dashed #4b5563;border-radius:6px;touch-action:none;background:#fff}',
  'label{display:inline-flex;gap:8px;align-items:flex-start;margin-block:6px}input[type=text]{font:inherit;padding:8px;inline-size:100%;box-sizing:border-box;border:1px solid #4b5563;border-radius:6px}',
  'input[type=checkbox],input[type=radio]{inline-size:22px;block-size:22px;margin-block-start:4px;flex:none}',
  'button{font:inherit;font-weight:bold;border-radius:6px;padding:12px 20px;min-block-size:44px;cursor:pointer}',
  '#sign-button{background:#1f3b57;color:#fff;border:0;inline-size:100%}#sign-button:disabled{background:#6b7280;cursor:not-allowed}',
  '.secondary{background:#fff;color:#1f3b57;border:1px solid #1f3b57;margin-block-start:8px}',
  ':focus-visible{outline:3px solid #111827;outline-offset:2px}',
  '#sign-error{color:#b91c1c;font-weight:bold}.hint{color:#374151}',
].join('');

function page(title: string, agency: string, body: string): string {
  return [
    '<!doctype html><html lang="he" dir="rtl"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>`,
    `<body><main><p>${escapeHtml(agency)}</p>${body}</main></body></html>`,
  ].join('');
}

/** The page of a link that cannot be used: why, in Hebrew, and what to do. */
export const refusalPage = (agency: string, message: string) =>
  page('הקישור אינו זמין', agency, `<h1>הקישור אינו זמין</h1><p>${escapeHtml(message)}</p>`);

/** The whole order, then the signature (drawn or typed) and the consent under it, on one page. */
export function signingPage(order: OrderRow, token: string): string {
  return page(
    `חתימה על ${documentTitle(order)}`,
    order.agencyName,
    [
      orderDocumentHtml(order),
      '<p id="order-end" class="hint">סוף ההזמנה.</p>',
      '<p class="hint">הקישור הזה נשלח לטלפון שלך ומשמש לאימות זהותך. אין להעביר אותו לאחרים.</p>',
      '<noscript><p>כדי לחתום יש לאפשר JavaScript בדפדפן.</p></noscript>',
      `<form id="sign-form" action="/api/v1/sign/${escapeHtml(token)}" method="post" novalidate>`,
      '<fieldset><legend>אופן החתימה</legend>',
      '<label><input type="radio" name="method" value="drawn" checked>חתימה באצבע או בעכבר</label><br>',
      '<label><input type="radio" name="method" value="typed">הקלדת השם המלא</label></fieldset>',
      '<div id="draw-box"><p id="pad-label">חתמו בתיבה:</p>',
      '<canvas id="sign-pad" role="img" aria-labelledby="pad-label"></canvas>',
      '<button type="button" id="clear-pad" class="secondary">ניקוי החתימה</button></div>',
      `<div id="typed-box" hidden><label for="typed-name" style="display:block">השם המלא (כפי שהוא מופיע בהזמנה: ${escapeHtml(order.clientName)})</label>`,
      '<input type="text" id="typed-name" name="typedName" autocomplete="name"></div>',
      `<p><label><input type="checkbox" id="consent" name="consent">${escapeHtml(CONSENT_TEXT)}</label></p>`,
      '<p id="sign-hint" class="hint" aria-live="polite">יש לגלול ולקרוא את ההזמנה עד סופה</p>',
      '<p id="sign-error" role="alert"></p>',
      '<button type="submit" id="sign-button" disabled aria-disabled="true">חתימה על ההזמנה</button>',
      '</form>',
      '<section id="sign-done" tabindex="-1" hidden><h2>ההזמנה נחתמה. תודה!</h2>',
      '<p>עותק חתום יישלח אליך ואל הסוכן.</p></section>',
      '<script src="/sign/pad.js" defer></script>',
    ].join(''),
  );
}

/** The public signing page (/sign/<token>) and its script, outside the web app. */
export async function signingPages(app: FastifyInstance) {
  app.get('/sign/pad.js', async (_request, reply) =>
    privateHeaders(reply).type('text/javascript; charset=utf-8').send(SIGN_PAD_SCRIPT),
  );

  app.get<{ Params: { token: string } }>('/sign/:token', async (request, reply) => {
    privateHeaders(reply).type('text/html; charset=utf-8');
    const { token } = request.params;
    if (!TOKEN.test(token)) {
      const settings = await getSettings(app.db);
      return reply.status(404).send(refusalPage(settings.agencyName, ORDER_MESSAGES.linkUnknown));
    }
    const opened = await openSigningLink(app.db, token);
    if ('refused' in opened) {
      const settings = await getSettings(app.db);
      return reply.status(opened.refused).send(refusalPage(settings.agencyName, opened.message));
    }
    return reply.status(200).send(signingPage(opened, token));
  });
}

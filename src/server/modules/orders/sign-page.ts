import { codeLockedMessage, ORDER_MESSAGES, SIGN_CODE } from '@shared/domain/brokerage-order';
import { displayIsraeliMobile } from '@shared/domain/phone';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { consumeRateLimit, type RateRule } from '../../lib/rate-limit';
import { getSettings } from '../settings';
import { sendSmsSoon, smsConfigured } from '../sms';
import type { OrderRow } from './access';
import { CONSENT_TEXT, documentTitle, orderDocumentHtml } from './order-document';
import { codeState, requestSignCode, verifySignCode } from './sign-code';
import { SIGN_PAD_SCRIPT } from './sign-pad-script';
import { asksSignerDetails, openSigningLink } from './signing';

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
  '#sign-error,.error{color:#b91c1c;font-weight:bold}.hint{color:#374151}',
  '#code{font:inherit;font-size:1.5rem;letter-spacing:.3em;padding:8px;inline-size:10em;max-inline-size:100%;direction:ltr;text-align:center;border:1px solid #4b5563;border-radius:6px}',
  '#code[aria-invalid=true]{border:2px solid #b91c1c}.primary{background:#1f3b57;color:#fff;border:0}',
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

/** What the phone step shows: a code waiting, a wait after wrong tries, and the last refusal. */
export type PhoneStep = { codeWaiting: boolean; locked: boolean; error?: string; codeError?: boolean };

/**
 * Before the order is shown, when an SMS provider is configured (decision 0054): the signer asks for a code by
 * SMS and types it. Plain forms that post to this page, so it works without JavaScript.
 */
export function phoneStepPage(order: OrderRow, token: string, step: PhoneStep): string {
  const ending = `<bdi>${escapeHtml(displayIsraeliMobile(order.clientPhone).slice(-3))}</bdi>`;
  const base = `/sign/${escapeHtml(token)}`;
  const codeForm = step.codeWaiting && !step.locked;
  const alert = step.error
    ? `<p id="code-error" class="error" role="alert">${escapeHtml(step.error)}</p>`
    : '';
  // A refusal of the typed code sits under its field; any other (or with no field shown) above the buttons.
  const underField = codeForm && step.codeError;
  const invalid = underField ? ' aria-invalid="true" aria-describedby="code-error"' : '';
  return page(
    `אימות הטלפון לפני החתימה על ${documentTitle(order)}`,
    order.agencyName,
    [
      '<h1>אימות הטלפון</h1>',
      `<p>לפני הצגת ${escapeHtml(documentTitle(order))} והחתימה עליה יש לאמת שהקישור הגיע לטלפון שלכם, `,
      `בקוד בן ${SIGN_CODE.digits} ספרות שנשלח בהודעת SMS למספר המסתיים ב־${ending}.</p>`,
      underField ? '' : alert,
      codeForm
        ? [
            `<form method="post" action="${base}/verify" novalidate>`,
            '<p><label for="code" style="display:block">הקוד שקיבלתם ב־SMS</label>',
            `<input type="text" id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="12" required${invalid}></p>`,
            underField ? alert : '',
            `<p class="hint">הקוד תקף ${SIGN_CODE.minutes} דקות.</p>`,
            '<button type="submit" class="primary">אימות הקוד</button></form>',
          ].join('')
        : '',
      `<form method="post" action="${base}/code">`,
      `<button type="submit" class="${codeForm ? 'secondary' : 'primary'}">`,
      step.codeWaiting ? 'שליחת קוד חדש' : 'שליחת קוד ב־SMS',
      '</button></form>',
    ].join(''),
  );
}

/** The client's ID number and address, when the order was sent without them (decision 0064). */
const SIGNER_DETAILS = [
  '<fieldset><legend>הפרטים שלך להזמנה</legend>',
  '<p><label for="client-id" style="display:block">מספר תעודת זהות</label>',
  '<input type="text" id="client-id" name="clientIdNumber" inputmode="numeric" autocomplete="off" maxlength="9" required></p>',
  '<p><label for="client-address" style="display:block">כתובת מגורים</label>',
  '<input type="text" id="client-address" name="clientAddress" autocomplete="street-address" maxlength="200" required></p>',
  '</fieldset>',
].join('');

/** The whole order, then the signature (drawn or typed) and the consent under it, on one page. */
export function signingPage(order: OrderRow, token: string, phoneProven = false): string {
  return page(
    `חתימה על ${documentTitle(order)}`,
    order.agencyName,
    [
      orderDocumentHtml(order),
      '<p id="order-end" class="hint">סוף ההזמנה.</p>',
      phoneProven
        ? '<p class="hint">הטלפון שלך אומת בקוד שנשלח ב־SMS. אין להעביר את הקישור לאחרים.</p>'
        : '<p class="hint">הקישור הזה נשלח לטלפון שלך ומשמש לאימות זהותך. אין להעביר אותו לאחרים.</p>',
      '<noscript><p>כדי לחתום יש לאפשר JavaScript בדפדפן.</p></noscript>',
      `<form id="sign-form" action="/api/v1/sign/${escapeHtml(token)}" method="post" novalidate>`,
      asksSignerDetails(order) ? SIGNER_DETAILS : '',
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

/** Code requests and tries per address: enough for a family on one network, too few to matter for guessing. */
export const CODE_POSTS_PER_IP: RateRule = { max: 30, windowMs: 15 * 60_000 };

type TokenRequest = FastifyRequest<{ Params: { token: string } }>;

/** The public signing page (/sign/<token>), its phone step and its script, outside the web app. */
export async function signingPages(app: FastifyInstance, opts: { codePerIp?: RateRule } = {}) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 2048 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const refuse = async (reply: FastifyReply, status: number, message: string) => {
    const settings = await getSettings(app.db);
    return reply.status(status).send(refusalPage(settings.agencyName, message));
  };

  /** The page of a token: the phone step until the phone is proven (with SMS), then the order to sign. */
  const show = async (
    reply: FastifyReply,
    token: string,
    failure?: { status: number; message: string; codeError: boolean },
  ) => {
    privateHeaders(reply).type('text/html; charset=utf-8');
    if (!TOKEN.test(token)) return refuse(reply, 404, ORDER_MESSAGES.linkUnknown);
    const opened = await openSigningLink(app.db, token);
    if ('refused' in opened) return refuse(reply, opened.refused, opened.message);
    const { order, link } = opened;
    if (!smsConfigured(app.env)) return reply.status(200).send(signingPage(order, token));
    const state = await codeState(app.db, link.id);
    if (state.proven) return reply.status(200).send(signingPage(order, token, true));
    // During the wait after wrong tries, the page says how long it still is.
    const waitLeft = state.lockedUntil
      ? codeLockedMessage(Math.max(1, Math.ceil((state.lockedUntil.getTime() - Date.now()) / 60_000)))
      : undefined;
    const shown = failure ?? (waitLeft ? { message: waitLeft, codeError: false } : undefined);
    return reply.status(failure?.status ?? 200).send(
      phoneStepPage(order, token, {
        codeWaiting: state.codeWaiting,
        locked: state.lockedUntil !== null,
        ...(shown ? { error: shown.message, codeError: shown.codeError } : {}),
      }),
    );
  };

  /** Runs a phone-step post: back to the page (303) when it worked, the page with its refusal otherwise. */
  const act = async (request: TokenRequest, reply: FastifyReply, work: (token: string) => Promise<void>) => {
    const { token } = request.params;
    privateHeaders(reply);
    if (!TOKEN.test(token)) return show(reply, token);
    try {
      await consumeRateLimit(app.db, `order-code:${request.ip}`, opts.codePerIp ?? CODE_POSTS_PER_IP);
      await work(token);
      return reply.redirect(`/sign/${token}`, 303);
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      if (err.statusCode === 404 || err.statusCode === 410) return show(reply, token);
      return show(reply, token, {
        status: err.statusCode,
        message: err.fieldErrors?.code ?? err.message,
        codeError: Boolean(err.fieldErrors?.code),
      });
    }
  };

  app.get('/sign/pad.js', async (_request, reply) =>
    privateHeaders(reply).type('text/javascript; charset=utf-8').send(SIGN_PAD_SCRIPT),
  );

  app.get<{ Params: { token: string } }>('/sign/:token', (request, reply) =>
    show(reply, request.params.token),
  );

  app.post<{ Params: { token: string } }>('/sign/:token/code', (request, reply) =>
    act(request, reply, async (token) => {
      const queued = await requestSignCode(app.db, token, smsConfigured(app.env));
      if (queued) sendSmsSoon(app);
    }),
  );

  app.post<{ Params: { token: string }; Body: { code?: string } }>('/sign/:token/verify', (request, reply) =>
    act(request, reply, (token) =>
      verifySignCode(app.db, token, String(request.body?.code ?? ''), smsConfigured(app.env)),
    ),
  );
}

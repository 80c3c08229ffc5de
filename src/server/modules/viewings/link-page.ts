import type { ViewingStatus } from '@shared/domain/viewing-slots';
import { MESSAGES } from '@shared/schemas/common';
import { moveViewingSchema, VIEWING_MOVE_MESSAGES } from '@shared/schemas/viewing-move';
import { VIEWING_MESSAGES } from '@shared/schemas/viewings';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors';
import { consumeRateLimit, type RateRule } from '../../lib/rate-limit';
import { getSettings } from '../settings';
import { outwardOf } from './announce';
import { cancelByLink, viewingByToken } from './booking';
import { moveByLink, moveOptions } from './move';
import { propertyRow, visitorPlaceOf, whenText } from './rules';

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STATUS_TEXT: Record<ViewingStatus, string> = {
  requested: 'ממתין לאישור הסוכן',
  confirmed: 'נקבע',
  cancelled: 'בוטל',
  done: 'התקיים',
  no_show: 'לא התקיים',
};

const STYLE = [
  'body{font-family:Arial,sans-serif;margin:0;padding:24px 16px;background:#f3f4f6;color:#111827;line-height:1.6}',
  'main{max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px}',
  'h1{font-size:1.5rem;margin:0 0 12px;color:#1f3b57}h2{font-size:1.125rem;margin:24px 0 8px;color:#1f3b57}',
  'fieldset{border:1px solid #d1d5db;border-radius:6px;margin:0 0 12px;padding:12px}legend{font-weight:bold;padding:0 4px}',
  'label{display:flex;gap:8px;align-items:center;min-height:44px}input[type=radio]{inline-size:22px;block-size:22px}',
  'button{font:inherit;font-weight:bold;background:#1f3b57;color:#fff;border:0;border-radius:6px;padding:12px 20px;min-height:44px;cursor:pointer}',
  '.danger{background:#b91c1c}.notice{font-weight:bold;color:#065f46}.error{font-weight:bold;color:#b91c1c}',
  'button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #111827;outline-offset:2px;box-shadow:0 0 0 6px #fff}',
  'a{color:#1f3b57}',
].join('');

/** The visitor's page: no script, never cached, indexed or named to another site. */
function send(reply: FastifyReply, status: number, agency: string, title: string, body: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .header('referrer-policy', 'no-referrer')
    .send(
      [
        '<!doctype html><html lang="he" dir="rtl"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width,initial-scale=1">',
        '<meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer">',
        `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>`,
        `<body><main><p>${escapeHtml(agency)}</p><h1>${escapeHtml(title)}</h1>${body}`,
        `<p><a href="/">לדף הבית של ${escapeHtml(agency)}</a></p></main></body></html>`,
      ].join(''),
    );
}

type Notice = { text: string; error?: boolean };

/** The viewing as its visitor sees it (address, time, status: never another visitor), and what they can do. */
async function viewingPage(
  app: FastifyInstance,
  reply: FastifyReply,
  token: string,
  notice?: Notice,
  status = 200,
) {
  const settings = await getSettings(app.db);
  const agency = settings.agencyName;
  const row = await viewingByToken(app.db, token);
  // The street alone until the visitor signs the order sent with the viewing, when the agency asks (decision 0066).
  const property = await visitorPlaceOf(app.db, row.id, await propertyRow(app.db, row.propertyId), settings);
  const action = (what: string) => `/viewing/${escapeHtml(encodeURIComponent(token))}/${what}`;
  const parts = [
    notice
      ? `<p class="${notice.error ? 'error' : 'notice'}" role="${notice.error ? 'alert' : 'status'}">${escapeHtml(notice.text)}</p>`
      : '',
    `<p>הנכס: ${escapeHtml([property.address, property.city].filter(Boolean).join(', '))}</p>`,
    row.status === 'requested'
      ? `<p>המועדים שהוצעו: ${row.proposals.map((p) => escapeHtml(whenText(new Date(p)))).join('; ')}</p>`
      : `<p>המועד: ${escapeHtml(whenText(row.startsAt))}</p>`,
    `<p>מצב: ${STATUS_TEXT[row.status]}</p>`,
  ];
  if (row.status === 'confirmed') {
    const options = await moveOptions(app.db, row);
    parts.push('<h2>שינוי המועד</h2>');
    parts.push(
      options.length === 0
        ? '<p>אין כרגע מועד פנוי אחר בנכס הזה.</p>'
        : [
            `<form method="post" action="${action('move')}"><fieldset><legend>בחירת מועד אחר</legend>`,
            ...options.map(
              (o, i) =>
                `<label><input type="radio" name="slot" value="${o.start.toISOString()}"${i === 0 ? ' checked' : ''}>${escapeHtml(whenText(o.start))}</label>`,
            ),
            '</fieldset><button type="submit">העברה למועד שנבחר</button></form>',
          ].join(''),
    );
  }
  if (row.status === 'confirmed' || row.status === 'requested')
    parts.push(
      `<h2>ביטול</h2><form method="post" action="${action('cancel')}"><button type="submit" class="danger">${row.status === 'requested' ? 'ביטול הבקשה' : 'ביטול הביקור'}</button></form>`,
    );
  return send(reply, status, agency, 'הביקור שלך בנכס', parts.join(''));
}

const refusal = async (app: FastifyInstance, reply: FastifyReply, status: number, message: string) =>
  send(
    reply,
    status,
    (await getSettings(app.db)).agencyName,
    'הקישור אינו תקף',
    `<p>${escapeHtml(message)}</p>`,
  );

type TokenRequest = FastifyRequest<{ Params: { token: string } }>;

/**
 * The visitor's link of a viewing (/viewing/<token>, from every mail): the viewing, a cancel button and the
 * free slots to move it to, as forms that post to this page (docs/viewings.md). Posts count with the public forms.
 */
export async function viewingLinkPages(app: FastifyInstance, opts: { formsPerIp: RateRule }) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 2048 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  /** Runs a visitor's action and answers with the page: its outcome, or its refusal in Hebrew. */
  const act = async (
    request: TokenRequest,
    reply: FastifyReply,
    work: (token: string) => Promise<string>,
  ) => {
    const { token } = request.params;
    if (!TOKEN.test(token)) return refusal(app, reply, 404, VIEWING_MESSAGES.linkNotFound);
    try {
      await consumeRateLimit(app.db, `viewing:ip:${request.ip}`, opts.formsPerIp);
      return await viewingPage(app, reply, token, { text: await work(token) });
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      if (err.statusCode === 404) return refusal(app, reply, 404, err.message);
      const message = err.statusCode === 429 ? MESSAGES.tooManyRequests : err.message;
      return viewingPage(app, reply, token, { text: message, error: true }, err.statusCode);
    }
  };

  app.get<{ Params: { token: string } }>('/viewing/:token', async (request, reply) => {
    if (!TOKEN.test(request.params.token)) return refusal(app, reply, 404, VIEWING_MESSAGES.linkNotFound);
    try {
      return await viewingPage(app, reply, request.params.token);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 404) return refusal(app, reply, 404, err.message);
      throw err;
    }
  });

  app.post<{ Params: { token: string } }>('/viewing/:token/cancel', (request, reply) =>
    act(request, reply, async (token) => {
      await cancelByLink(app.db, token, app.env.APP_ORIGIN);
      return VIEWING_MESSAGES.cancelled;
    }),
  );

  app.post<{ Params: { token: string } }>('/viewing/:token/move', (request, reply) =>
    act(request, reply, async (token) => {
      const parsed = moveViewingSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? VIEWING_MESSAGES.slotInvalid);
      await moveByLink(app.db, token, parsed.data.slot, outwardOf(app.env));
      return VIEWING_MOVE_MESSAGES.moved;
    }),
  );
}

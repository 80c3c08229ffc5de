import { ALERT_MESSAGES } from '@shared/schemas/alerts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { getSettings } from '../settings';
import { escapeHtml } from './mail-layout';
import { unsubscribe } from './removal';
import { subscriberOfToken } from './tokens';

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * A small page of its own (no script, no tracking): RTL, readable on a phone, never indexed or cached, signed
 * with the agency's name so the person knows whose list it is.
 */
function page(reply: FastifyReply, status: number, title: string, body: string, agency: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .header('referrer-policy', 'no-referrer')
    .send(
      [
        '<!doctype html><html lang="he" dir="rtl"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width,initial-scale=1">',
        `<title>${escapeHtml(title)}</title>`,
        '<style>body{font-family:Arial,sans-serif;margin:0;padding:24px 16px;background:#f3f4f6;color:#111827;line-height:1.6}',
        'main{max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px}',
        'h1{font-size:1.5rem;margin:0 0 12px;color:#1f3b57}',
        'button{font:inherit;font-weight:bold;background:#1f3b57;color:#fff;border:0;border-radius:6px;padding:12px 20px;min-height:44px;cursor:pointer}',
        'button:focus-visible,a:focus-visible{outline:3px solid #111827;outline-offset:2px;box-shadow:0 0 0 6px #fff}',
        'a{color:#1f3b57}</style></head>',
        `<body><main><p>${escapeHtml(agency)}</p><h1>${escapeHtml(title)}</h1>${body}`,
        `<p><a href="/">לדף הבית של ${escapeHtml(agency)}</a></p></main></body></html>`,
      ].join(''),
    );
}

const notFoundPage = (reply: FastifyReply, agency: string) =>
  page(reply, 404, 'הקישור אינו תקף', `<p>${escapeHtml(ALERT_MESSAGES.tokenNotFound)}</p>`, agency);

/**
 * A well-formed link whose token is no longer known: its subscriber deleted everything (tokens go with the
 * details) or never existed. Nothing is sent through it either way, which is what the person came to make sure
 * of, so the answer says that (200) without saying whether anyone was ever on the list.
 */
const retiredLinkPage = (reply: FastifyReply, agency: string) =>
  page(
    reply,
    200,
    'לא יישלחו עדכונים בקישור הזה',
    '<p>הקישור הזה כבר אינו פעיל: הפרטים שלו נמחקו או שההרשמה הוסרה, ולא יישלחו עוד עדכונים על נכסים בעקבותיו.</p>',
    agency,
  );

/**
 * The unsubscribe link of every alert mail (docs/alerts.md). GET shows one button (a mail scanner that follows
 * links must not unsubscribe anyone); POST, from that button or from a mail client's one-click
 * List-Unsubscribe-Post, unsubscribes at once. Both answer the same on a repeat and never name the subscriber;
 * a token no longer known (details deleted) gets a Hebrew page saying nothing goes through it, and a malformed
 * one a Hebrew page and 404.
 */
export async function alertLinkPages(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const agencyName = async () => (await getSettings(app.db)).agencyName;

  app.get<{ Params: { token: string } }>('/alerts/unsubscribe/:token', async (request, reply) => {
    const { token } = request.params;
    const agency = await agencyName();
    if (!TOKEN.test(token)) return notFoundPage(reply, agency);
    const subscriber = await subscriberOfToken(app.db, token, 'unsubscribe');
    if (!subscriber) return retiredLinkPage(reply, agency);
    if (subscriber.unsubscribedAt)
      return page(reply, 200, 'הוסרתם מרשימת התפוצה', `<p>${ALERT_MESSAGES.unsubscribed}</p>`, agency);
    return page(
      reply,
      200,
      'הסרה מרשימת התפוצה',
      '<p>אחרי ההסרה לא יישלחו אליכם עוד עדכונים על נכסים.</p>' +
        `<form method="post" action="/alerts/unsubscribe/${escapeHtml(encodeURIComponent(token))}"><button type="submit">הסרה מרשימת התפוצה</button></form>`,
      agency,
    );
  });

  app.post<{ Params: { token: string } }>('/alerts/unsubscribe/:token', async (request, reply) => {
    const { token } = request.params;
    const agency = await agencyName();
    if (!TOKEN.test(token)) return notFoundPage(reply, agency);
    const outcome = await unsubscribe(app.db, token, request.ip);
    if (outcome === 'unknown') return retiredLinkPage(reply, agency);
    return page(
      reply,
      200,
      'הוסרתם מרשימת התפוצה',
      `<p>${escapeHtml(ALERT_MESSAGES.unsubscribed)}</p>`,
      agency,
    );
  });
}

import { formatDate } from '@shared/domain/israel-time';
import type { OrderVerification } from '@shared/schemas/order-verification';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../../lib/errors';
import { consumeRateLimit, type RateRule } from '../../../lib/rate-limit';
import { getSettings } from '../../settings';
import { privateHeaders } from '../sign-page';
import { uploadedPdf } from './routes';
import { verifyOrderPdf } from './verify';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = [
  'body{font-family:Arial,"Segoe UI",sans-serif;margin:0;padding:16px;background:#f3f4f6;color:#111827;line-height:1.7}',
  'main{max-width:640px;margin:0 auto;background:#fff;border-radius:8px;padding:20px}',
  'h1{font-size:1.5rem;margin:0 0 8px;color:#1f3b57}label{display:block;font-weight:bold;margin-block:12px 4px}',
  'input[type=file]{font:inherit;inline-size:100%}',
  'button{font:inherit;font-weight:bold;border-radius:6px;padding:12px 20px;min-block-size:44px;cursor:pointer;background:#1f3b57;color:#fff;border:0;margin-block-start:12px}',
  ':focus-visible{outline:3px solid #111827;outline-offset:2px}',
  '.result{border-radius:6px;padding:12px;margin-block:12px;font-weight:bold}',
  '.ok{background:#ecfdf5;color:#065f46;border:1px solid #065f46}.bad{background:#fef2f2;color:#991b1b;border:1px solid #991b1b}',
  '.hash{direction:ltr;unicode-bidi:isolate;font-family:monospace;word-break:break-all;font-weight:normal}',
].join('');

function page(agency: string, result: string): string {
  return [
    '<!doctype html><html lang="he" dir="rtl"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer">',
    `<title>אימות הזמנת שירותי תיווך</title><style>${STYLE}</style></head>`,
    `<body><main><p>${escapeHtml(agency)}</p><h1>אימות הזמנת שירותי תיווך</h1>`,
    '<p>אפשר לבדוק כאן אם קובץ PDF של הזמנת שירותי תיווך הופק ונחתם אצלנו, ואם שונה מאז החתימה. הקובץ נבדק ואינו נשמר.</p>',
    result,
    '<form action="/verify-order" method="post" enctype="multipart/form-data">',
    '<label for="pdf">קובץ ההזמנה (PDF)</label>',
    '<input type="file" id="pdf" name="pdf" accept="application/pdf" required>',
    '<button type="submit">בדיקת הקובץ</button></form>',
    '</main></body></html>',
  ].join('');
}

/** The verdict in plain Hebrew. */
export function verdictHtml(verification: OrderVerification): string {
  const hash = `<p class="hash">SHA-256: ${escapeHtml(verification.sha256)}</p>`;
  switch (verification.verdict) {
    case 'issued':
      return [
        '<div class="result ok" role="status">',
        `<p>הקובץ הוא הזמנה שהופקה ונחתמה ב${escapeHtml(verification.agencyName)}, והוא לא שונה מאז החתימה.</p>`,
        `<p>מספר הזמנה: <span class="hash">${escapeHtml(verification.orderId)}</span>, נחתמה בתאריך ${escapeHtml(formatDate(new Date(verification.signedAt)))}.</p>`,
        verification.status === 'revoked' ? '<p>שימו לב: ההזמנה בוטלה מאז.</p>' : '',
        hash,
        '</div>',
      ].join('');
    case 'altered':
      return [
        '<div class="result bad" role="alert">',
        '<p>הקובץ שונה אחרי החתימה: הוא מציג את עצמו כהזמנה שלנו, אבל אינו זהה לקובץ החתום.</p>',
        `<p>מספר ההזמנה שבקובץ: <span class="hash">${escapeHtml(verification.orderId)}</span></p>`,
        hash,
        '</div>',
      ].join('');
    case 'unknown':
      return `<div class="result bad" role="alert"><p>הקובץ אינו הזמנה שהופקה אצלנו, או שהוא שונה אחרי החתימה.</p>${hash}</div>`;
  }
}

const refusal = (message: string) =>
  `<div class="result bad" role="alert"><p>${escapeHtml(message)}</p></div>`;

/** The public verify page (/verify-order): a form, and the verdict on the file it posts. */
export async function orderVerifyPages(app: FastifyInstance, opts: { verifyPerIp: RateRule }) {
  const send = async (reply: FastifyReply, status: number, result: string) => {
    const settings = await getSettings(app.db);
    return privateHeaders(reply)
      .type('text/html; charset=utf-8')
      .status(status)
      .send(page(settings.agencyName, result));
  };

  app.get('/verify-order', async (_request, reply) => send(reply, 200, ''));

  app.post('/verify-order', async (request, reply) => {
    try {
      await consumeRateLimit(app.db, `order-verify:ip:${request.ip}`, opts.verifyPerIp);
      const verification = await verifyOrderPdf(app.db, { pdf: await uploadedPdf(request) });
      return send(reply, 200, verdictHtml(verification));
    } catch (err) {
      if (err instanceof AppError) return send(reply, err.statusCode, refusal(err.message));
      // @fastify/multipart's own refusal of a file over the cap.
      if ((err as { statusCode?: number }).statusCode === 413)
        return send(reply, 413, refusal('הקובץ גדול מדי: הזמנה חתומה שלנו קטנה מ־5 מגה־בייט'));
      throw err;
    }
  });
}

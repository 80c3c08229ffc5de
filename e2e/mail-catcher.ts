import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/** What the server under test mailed: one JSON file per message in E2E_MAIL_DIR. */
export type CaughtMail = {
  to: string[];
  /** The plain text (of a single-part message, or the text/plain part of a multipart one). */
  text: string;
  /** The text/html part, or '' when there is none. */
  html: string;
  /** The text/calendar part (an invitation), or '' when there is none. */
  calendar: string;
  /** The PDF attachments, base64 (a signed brokerage order). */
  pdfs: string[];
  headerTo: string;
  headerCc: string;
  listUnsubscribe: string;
  listUnsubscribePost: string;
};

/** One header's value from the raw message (folded lines joined). */
function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const match = head.replace(/\r?\n[ \t]+/g, ' ').match(new RegExp(`^${name}:\\s*(.*)$`, 'im'));
  return match?.[1]?.trim() ?? '';
}

/**
 * The text, HTML and calendar parts of a message and its PDF attachments: a single part as it is, or the parts of a
 * multipart one (nested parts included).
 */
type Bodies = { text: string; html: string; calendar: string; pdfs: string[] };

function bodies(raw: string): Bodies {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head.replace(/\r?\n[ \t]+/g, ' '))?.[1];
  if (!boundary || !/content-type:\s*multipart\//i.test(head)) {
    const type = /content-type:\s*([a-z]+\/[a-z]+)/i.exec(head)?.[1]?.toLowerCase() ?? 'text/plain';
    if (type === 'application/pdf') {
      const base64 = raw
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('')
        .replace(/\s+/g, '');
      return { text: '', html: '', calendar: '', pdfs: [base64] };
    }
    const body = bodyText(raw);
    if (type === 'text/html') return { text: '', html: body, calendar: '', pdfs: [] };
    if (type === 'text/calendar') return { text: '', html: '', calendar: body, pdfs: [] };
    return { text: type === 'text/plain' ? body : '', html: '', calendar: '', pdfs: [] };
  }
  const found: Bodies = { text: '', html: '', calendar: '', pdfs: [] };
  for (const part of raw.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break;
    const inner = bodies(part.replace(/^\r?\n/, ''));
    found.text ||= inner.text;
    found.html ||= inner.html;
    found.calendar ||= inner.calendar;
    found.pdfs.push(...inner.pdfs);
  }
  return found;
}

/** The decoded text of a single-part message (nodemailer sends plain text as base64 or quoted-printable). */
function bodyText(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body, 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Playwright global setup: a real SMTP server on E2E_SMTP_PORT that the server under test mails to. */
export default async function startMailCatcher() {
  const dir = process.env.E2E_MAIL_DIR!;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: CaughtMail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          ...bodies(raw),
          headerTo: header(raw, 'To'),
          headerCc: header(raw, 'Cc'),
          listUnsubscribe: header(raw, 'List-Unsubscribe'),
          listUnsubscribePost: header(raw, 'List-Unsubscribe-Post'),
        };
        count += 1;
        writeFileSync(join(dir, `${Date.now()}-${count}.json`), JSON.stringify(mail));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) =>
    server.listen(Number(process.env.E2E_SMTP_PORT), '127.0.0.1', resolve),
  );
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  };
}

/** The mails caught so far for one recipient, oldest first. */
export function mailsTo(address: string): CaughtMail[] {
  const dir = process.env.E2E_MAIL_DIR!;
  return readdirSync(dir)
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as CaughtMail)
    .filter((mail) => mail.to.includes(address));
}

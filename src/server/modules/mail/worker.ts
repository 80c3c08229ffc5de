import { SpanKind } from '@opentelemetry/api';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { mailOutbox } from '../../db/schema';
import { runSingleton } from '../../lib/job-lock';
import { startPolling } from '../../lib/poll';
import { inSpan } from '../../lib/tracing';
import { attachmentsOf } from './attachments';
import { claimDueMail, markFailedAttempt, markSent } from './outbox';

/** The METHOD line of an invitation (REQUEST, CANCEL), which the calendar part of the mail repeats. */
const icsMethod = (ics: string) => /^METHOD:(\w+)/m.exec(ics)?.[1] ?? 'REQUEST';

export type OutboxWorkerOptions = { intervalMs?: number; retryBaseMs?: number; smtpUrl?: string };

/** Delivers one batch of due mail; without SMTP the mail stays pending and is logged. */
export async function deliverDueMail(
  app: FastifyInstance,
  transporter: Transporter | undefined,
  retryBaseMs?: number,
): Promise<number> {
  if (!transporter) return 0;
  const batch = await claimDueMail(app.db, 20);
  for (const mail of batch) {
    const attempts = mail.attempts + 1;
    try {
      const attachments = await attachmentsOf(app, mail);
      await inSpan('smtp send', { kind: SpanKind.CLIENT, attributes: { 'mail.kind': mail.kind } }, () =>
        transporter.sendMail({
          from: app.env.MAIL_FROM,
          to: mail.to,
          cc: mail.cc ?? undefined,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
          headers: mail.headers ?? undefined,
          ...(attachments.length > 0 ? { attachments } : {}),
          ...(mail.ics ? { icalEvent: { method: icsMethod(mail.ics), content: mail.ics } } : {}),
        }),
      );
      await markSent(app.db, mail.id, attempts);
    } catch (err) {
      app.log.warn({ err, mailId: mail.id, attempts }, 'mail delivery failed, will retry');
      await markFailedAttempt(app.db, mail.id, attempts, String((err as Error).message ?? err), retryBaseMs);
    }
  }
  return batch.length;
}

/**
 * Without SMTP: logs each pending mail once (queued after `since`) so an operator sees what waits,
 * and leaves it pending for when SMTP_URL is set. Returns the new cursor.
 */
export async function logQueuedMail(app: FastifyInstance, since: Date): Promise<Date> {
  const queued = await app.db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'pending'),
        // PostgreSQL keeps microseconds, a JS Date only milliseconds: compare at the cursor's precision.
        sql`date_trunc('milliseconds', ${mailOutbox.createdAt}) > ${since.toISOString()}`,
      ),
    )
    .orderBy(asc(mailOutbox.createdAt))
    .limit(100);
  for (const mail of queued) {
    app.log.info(
      { mailId: mail.id, kind: mail.kind, to: mail.to, subject: mail.subject },
      'mail queued; SMTP_URL is not set, so it stays pending in the outbox',
    );
  }
  return queued.at(-1)?.createdAt ?? since;
}

/**
 * Polls the outbox; returns a function that stops the worker and waits for the current batch. One process
 * at a time works the outbox (the 'mail-outbox' lock); each mail is also claimed with a row lock, so a
 * process that lost its lock mid-batch still never sends a mail twice.
 */
export function startOutboxWorker(
  app: FastifyInstance,
  options: OutboxWorkerOptions = {},
): () => Promise<void> {
  const smtpUrl = options.smtpUrl ?? app.env.SMTP_URL;
  const transporter = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  if (!transporter) app.log.info('SMTP_URL is not set: mail is kept in the outbox and not sent');
  let loggedUntil = new Date(0);
  // Counted in the metrics with the mails it handled (lib/job-stats.ts).
  const stop = startPolling(app.log, 'outbox worker', options.intervalMs ?? 5_000, () =>
    runSingleton(app.dbHandle, 'mail-outbox', async () => {
      if (transporter) return deliverDueMail(app, transporter, options.retryBaseMs);
      loggedUntil = await logQueuedMail(app, loggedUntil);
      return 0;
    }),
  );
  return async () => {
    await stop();
    transporter?.close();
  };
}

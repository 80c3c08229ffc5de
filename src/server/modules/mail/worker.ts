import type { FastifyInstance } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { claimDueMail, markFailedAttempt, markSent } from './outbox';

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
      await transporter.sendMail({
        from: app.env.MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
      await markSent(app.db, mail.id, attempts);
    } catch (err) {
      app.log.warn({ err, mailId: mail.id, attempts }, 'mail delivery failed, will retry');
      await markFailedAttempt(app.db, mail.id, attempts, String((err as Error).message ?? err), retryBaseMs);
    }
  }
  return batch.length;
}

/** Polls the outbox; returns a function that stops the worker and waits for the current batch. */
export function startOutboxWorker(
  app: FastifyInstance,
  options: OutboxWorkerOptions = {},
): () => Promise<void> {
  const smtpUrl = options.smtpUrl ?? app.env.SMTP_URL;
  const transporter = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  if (!transporter) app.log.info('SMTP_URL is not set: mail is kept in the outbox and not sent');
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = deliverDueMail(app, transporter, options.retryBaseMs)
      .catch((err) => app.log.error({ err }, 'outbox worker failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.intervalMs ?? 5_000);
      });
  };
  let timer = setTimeout(tick, 0);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
    transporter?.close();
  };
}

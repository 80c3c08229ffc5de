import { SpanKind } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import { runSingleton } from '../../lib/job-lock';
import { startPolling } from '../../lib/poll';
import { inSpan } from '../../lib/tracing';
import { claimDueSms, dropExpiredSms, markSmsFailed, markSmsSent } from './outbox';
import { type SmsProvider, smsProvider } from './provider';

export type SmsWorkerOptions = { intervalMs?: number; retryBaseMs?: number; provider?: SmsProvider | null };

/**
 * Sends one batch of due SMS through the provider; returns how many it handled. Nothing is logged of a
 * message but its id and kind: its text may hold a one-time code.
 */
export async function deliverDueSms(app: FastifyInstance, options: SmsWorkerOptions = {}): Promise<number> {
  const provider = options.provider === undefined ? smsProvider(app.env) : options.provider;
  if (!provider) return 0;
  await dropExpiredSms(app.db);
  const batch = await claimDueSms(app.db, 20);
  for (const sms of batch) {
    const attempts = sms.attempts + 1;
    try {
      await inSpan('sms send', { kind: SpanKind.CLIENT, attributes: { 'sms.kind': sms.kind } }, () =>
        provider.send({ id: sms.id, to: sms.to, text: sms.text }),
      );
      await markSmsSent(app.db, sms.id, attempts);
    } catch (err) {
      const reason = String((err as Error).message ?? err);
      app.log.warn({ smsId: sms.id, kind: sms.kind, attempts, reason }, 'SMS delivery failed, will retry');
      await markSmsFailed(app.db, sms, attempts, reason, { baseMs: options.retryBaseMs });
    }
  }
  return batch.length;
}

/**
 * Sends what was just queued without waiting for the next poll (a code the signer waits for). The row lock
 * of the claim keeps it to one send even if the poller runs at the same moment.
 */
export function sendSmsSoon(app: FastifyInstance): void {
  if (!smsProvider(app.env)) return;
  void deliverDueSms(app).catch((err) => app.log.warn({ err }, 'SMS delivery failed'));
}

/** Polls the SMS queue when a provider is configured; returns a function that stops it and waits for the batch. */
export function startSmsWorker(app: FastifyInstance, options: SmsWorkerOptions = {}): () => Promise<void> {
  if (!smsProvider(app.env)) {
    app.log.info('SMS_PROVIDER is not set: no SMS is sent, the signing link alone proves the phone');
    return async () => {};
  }
  return startPolling(app.log, 'SMS worker', options.intervalMs ?? 2_000, () =>
    runSingleton(app.dbHandle, 'sms-outbox', () => deliverDueSms(app, options)),
  );
}

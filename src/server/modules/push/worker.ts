import type { Agent } from 'node:https';
import { SpanKind } from '@opentelemetry/api';
import type { PushPayload } from '@shared/schemas/push';
import type { FastifyInstance } from 'fastify';
import webpush, { WebPushError } from 'web-push';
import { recordJobRun } from '../../lib/job-stats';
import { startPolling } from '../../lib/poll';
import { inSpan } from '../../lib/tracing';
import { getSettings } from '../settings';
import { claimDuePush, dropSubscription, markPushFailed, markPushSent } from './outbox';
import { loadVapidKeys, vapidSubject } from './vapid';

export type PushWorkerOptions = {
  intervalMs?: number;
  retryBaseMs?: number;
  /** How long a push service may take to answer (default 10 s); slower counts as a failure and is retried. */
  timeoutMs?: number;
  /** An HTTPS agent for the requests (tests: one that trusts the local stand-in's certificate). */
  agent?: Agent;
};

/** A notification that could not reach the device for a day is no longer news: the push service drops it. */
const TTL_SECONDS = 24 * 3600;

/** Sends one batch of due notifications; returns how many rows it handled. */
export async function deliverDuePush(app: FastifyInstance, options: PushWorkerOptions = {}): Promise<number> {
  const batch = await claimDuePush(app.db, 20);
  if (batch.length === 0) return 0;
  const keys = await loadVapidKeys(app.db, app.env);
  const subject = vapidSubject(app.env, (await getSettings(app.db)).email);
  for (const { row, device } of batch) {
    const attempts = row.attempts + 1;
    const payload: PushPayload = {
      ...(row.payload as Omit<PushPayload, 'id' | 'kind'>),
      id: row.id,
      kind: row.kind,
    };
    try {
      await inSpan('web push send', { kind: SpanKind.CLIENT, attributes: { 'push.kind': row.kind } }, () =>
        webpush.sendNotification(
          { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: { subject, ...keys },
            TTL: TTL_SECONDS,
            urgency: 'high',
            // A resend of this row (a crash between the push service's answer and our bookkeeping) replaces the
            // first copy at the push service if it is still waiting there; the service worker also ignores a
            // notification id it has shown.
            topic: row.id.replaceAll('-', ''),
            timeout: options.timeoutMs ?? 10_000,
            ...(options.agent ? { agent: options.agent } : {}),
          },
        ),
      );
      await markPushSent(app.db, row.id, device.id, attempts);
    } catch (err) {
      const status = err instanceof WebPushError ? err.statusCode : undefined;
      if (status === 404 || status === 410) {
        app.log.info({ subscriptionId: device.id, status }, 'push subscription gone, removed');
        await dropSubscription(app.db, device.id);
        continue;
      }
      app.log.warn({ err, pushId: row.id, attempts, status }, 'push delivery failed, will retry');
      const reason = status
        ? `HTTP ${status}: ${(err as WebPushError).body ?? ''}`
        : String((err as Error).message ?? err);
      await markPushFailed(app.db, row.id, attempts, reason, options.retryBaseMs);
    }
  }
  return batch.length;
}

/** Polls the push queue; returns a function that stops it and waits for the batch in progress. */
export function startPushWorker(app: FastifyInstance, options: PushWorkerOptions = {}): () => Promise<void> {
  return startPolling(app.log, 'push worker', options.intervalMs ?? 2_000, () =>
    recordJobRun(app.dbHandle, 'push-outbox', () => deliverDuePush(app, options)),
  );
}

// An SMTP outage: the mail server refuses every message for a while, leads keep coming, then it recovers.
// Counts leads whose mail was lost, delivered twice, or given up.
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import { leads, mailOutbox } from '../../src/server/db/schema';
import { startOutboxWorker } from '../../src/server/modules/mail';

export type SmtpResult = {
  leads: number;
  refusedDuringOutage: number;
  delivered: number;
  lost: number;
  duplicates: number;
  failed: number;
  seconds: number;
};

export async function smtpOutage(leadCount: number, outageMs: number): Promise<SmtpResult> {
  const started = Date.now();
  const state = { down: true, refused: 0 };
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!state.down) return callback();
      state.refused += 1;
      callback(Object.assign(new Error('service not available'), { responseCode: 421 }));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  const database = await openDatabase({ memory: true });
  await database.migrate();
  const unlimited = { max: 1_000_000_000, windowMs: 60_000 };
  const app = await buildApp({
    database,
    webRoot: null,
    logger: false,
    rateLimits: { formsPerIp: unlimited },
  });
  const stop = startOutboxWorker(app, {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    intervalMs: 50,
    retryBaseMs: 100,
  });
  try {
    for (let i = 0; i < leadCount; i += 1) {
      await app.inject({
        method: 'POST',
        url: '/api/v1/email/send-mail',
        payload: { name: `outage ${i}`, phone: '0541234567', category: 'קונה' },
      });
    }
    await sleep(Math.max(0, outageMs - (Date.now() - started)));
    state.down = false;
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const pending = (await app.db.select({ status: mailOutbox.status }).from(mailOutbox)).filter(
        (m) => m.status === 'pending',
      );
      if (pending.length === 0) break;
      await sleep(200);
    }
    const stored = await app.db.select({ id: leads.id }).from(leads);
    const mails = await app.db.select().from(mailOutbox);
    const sent = mails.filter((m) => m.status === 'sent');
    return {
      leads: stored.length,
      refusedDuringOutage: state.refused,
      delivered: received.length,
      lost: stored.length - sent.length,
      // Each lead has exactly one outbox row: more messages received than rows sent means a double delivery.
      duplicates: Math.max(0, received.length - sent.length),
      failed: mails.filter((m) => m.status === 'failed').length,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await stop();
    await app.close();
    await database.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
}

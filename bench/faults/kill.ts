// kill -9 during writes: concurrent lead submissions, SIGKILL at a random moment, then count how many
// acknowledged (201) leads are missing after restart, and how many stored leads have no queued mail.
import { setTimeout as sleep } from 'node:timers/promises';
import { inArray } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client';
import { leads, mailOutbox } from '../../src/server/db/schema';
import { killServer, startServer } from './child';

export type KillResult = {
  database: string;
  rounds: number;
  acknowledged: number;
  lost: number;
  leadsWithoutMail: number;
  seconds: number;
};

const WRITERS = 16;
/** A kill comes only once this many writes of the round were acknowledged, so every round tests some. */
const MIN_ACKNOWLEDGED_PER_ROUND = 100;

async function writeUntilKilled(url: string, round: number, acknowledged: string[], stop: { now: boolean }) {
  let n = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, w) => {
      while (!stop.now) {
        const name = `kill r${round} w${w} n${n++}`;
        try {
          const res = await fetch(`${url}/api/v1/email/send-mail`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name, phone: '0541234567', category: 'קונה' }),
          });
          if (res.status === 201) acknowledged.push(name);
        } catch {
          return; // the server is gone
        }
      }
    }),
  );
}

export async function killDuringWrites(
  database: { dataDir: string } | { databaseUrl: string },
  rounds: number,
): Promise<KillResult> {
  const started = Date.now();
  const env =
    'dataDir' in database
      ? { DATA_DIR: database.dataDir }
      : { DATABASE_URL: database.databaseUrl, DATA_DIR: undefined };
  const acknowledged: string[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const server = await startServer(env);
    const stop = { now: false };
    const before = acknowledged.length;
    const writing = writeUntilKilled(server.url, round, acknowledged, stop);
    // However slow the machine, the kill finds writes under way: first a sample acknowledged, then a random
    // moment within the next second.
    const deadline = Date.now() + 60_000;
    while (acknowledged.length - before < MIN_ACKNOWLEDGED_PER_ROUND && Date.now() < deadline)
      await sleep(50);
    await sleep(Math.random() * 1000);
    await killServer(server);
    stop.now = true;
    await writing;
  }
  // Recovery happens on open, as at the next start of the server.
  const handle = await openDatabase(database);
  let found = 0;
  try {
    for (let i = 0; i < acknowledged.length; i += 500) {
      const names = acknowledged.slice(i, i + 500);
      found += (await handle.db.select({ id: leads.id }).from(leads).where(inArray(leads.name, names)))
        .length;
    }
    const all = await handle.db.select({ id: leads.id }).from(leads);
    const mailed = await handle.db.select({ refId: mailOutbox.refId }).from(mailOutbox);
    const mailedIds = new Set(mailed.map((m) => m.refId));
    return {
      database: handle.kind,
      rounds,
      acknowledged: acknowledged.length,
      lost: acknowledged.length - found,
      leadsWithoutMail: all.filter((l) => !mailedIds.has(l.id)).length,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await handle.close();
  }
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JOBS_PROCESS_MESSAGE, RUNS_JOBS_MESSAGE } from './cluster';
import { createProperty, createUser, TEST_PASSWORD } from './test/factories';
import { isAlive, type LogLine, onNewConnection, ServerProcess } from './test/server-process';
import { openTestDatabase } from './test/test-app';

// The real entry point in child processes (tsx), the way `npm start` runs it: slow to start on a busy machine.
const TIMEOUT = 180_000;
const dataDir = mkdtempSync(join(tmpdir(), 'cluster-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const isListening = (line: LogLine) => line.msg.startsWith('Server listening at ');
const runsJobs = (line: LogLine) => line.msg === RUNS_JOBS_MESSAGE;

/** One request per new connection: the pids that served them. */
async function servingPids(server: ServerProcess, port: number, count: number) {
  const pids: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await onNewConnection(port, { path: '/api/health' });
    expect(response.status).toBe(200);
    pids.push(await server.servedBy(response));
  }
  return pids;
}

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('WORKERS=2 on PostgreSQL', () => {
  it(
    'serves from two processes, replaces one that dies, and stops all of them with exit code 0',
    async () => {
      const database = await openTestDatabase();
      const server = new ServerProcess({
        DATABASE_URL: database.url!,
        WORKERS: '2',
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
      });
      try {
        const first = await server.waitFor(isListening);
        const second = await server.waitFor((l) => isListening(l) && l.pid !== first.pid);
        const workers = [first.pid, second.pid];
        expect(workers).not.toContain(server.child.pid);
        const { port } = server.listening();
        // Sequential connections go to the workers in turn.
        expect(new Set(await servingPids(server, port, 4))).toEqual(new Set(workers));

        // A write answered by one worker is read back at once through the other, which had the old answer cached.
        const admin = await createUser(database.db, { role: 'admin' });
        const property = await createProperty(database.db, { price: 1_000_000 });
        const path = `/api/v1/property/${property.id}`;
        const priceIn = (answer: { body: string }) => JSON.parse(answer.body).data.data.price as number;
        const signedIn = await onNewConnection(port, {
          method: 'POST',
          path: '/api/v1/users/login',
          json: { email: admin.email, password: TEST_PASSWORD },
        });
        expect(signedIn.status).toBe(200);
        const cookie = signedIn.setCookie[0]!.split(';')[0]!;
        const reads = [await onNewConnection(port, { path }), await onNewConnection(port, { path })];
        expect(reads.map(priceIn)).toEqual([1_000_000, 1_000_000]);
        const readers = [await server.servedBy(reads[0]!), await server.servedBy(reads[1]!)];
        expect(new Set(readers)).toEqual(new Set(workers));
        const saved = await onNewConnection(port, {
          method: 'PATCH',
          path,
          cookie,
          json: { price: 1_050_000 },
        });
        expect(saved.status).toBe(200);
        const after = await onNewConnection(port, { path });
        expect(await server.servedBy(after)).not.toBe(await server.servedBy(saved));
        expect(priceIn(after)).toBe(1_050_000);

        // Exactly one worker runs the scheduled work; the one that replaces it takes it over.
        const jobs = await server.waitFor(runsJobs);
        expect(workers).toContain(jobs.pid);
        expect(server.lines.filter(runsJobs)).toHaveLength(1);
        process.kill(jobs.pid, 'SIGKILL');
        const died = await server.waitFor((l) => l.msg === 'a server process died: starting another');
        expect(died).toMatchObject({ pid: server.child.pid, workerPid: jobs.pid, signal: 'SIGKILL' });
        const replacement = await server.waitFor((l) => isListening(l) && !workers.includes(l.pid));
        const survivor = workers.find((pid) => pid !== jobs.pid)!;
        expect((await server.waitFor((l) => runsJobs(l) && l.pid !== jobs.pid)).pid).toBe(replacement.pid);
        expect(new Set(await servingPids(server, port, 4))).toEqual(new Set([survivor, replacement.pid]));

        expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });
        for (const pid of [...workers, replacement.pid]) expect(isAlive(pid)).toBe(false);
        const stopped = server.lines.filter((l) => l.msg === 'shutting down').map((l) => l.pid);
        expect(new Set(stopped)).toEqual(new Set([survivor, replacement.pid]));
      } finally {
        if (server.child.exitCode === null && server.child.signalCode === null) await server.stop('SIGKILL');
        await database.close();
      }
    },
    TIMEOUT,
  );
});

describe.runIf(process.env.TEST_DB_KIND !== 'postgres')('WORKERS=2 on the embedded database', () => {
  it(
    'runs one process, says WORKERS is ignored, serves and stops with exit code 0',
    async () => {
      const server = new ServerProcess({ WORKERS: '2', DATA_DIR: dataDir, NODE_ENV: 'test' });
      try {
        const listening = await server.waitFor(isListening);
        expect(listening.pid).toBe(server.child.pid);
        expect((await server.waitFor((l) => l.msg.startsWith('WORKERS is ignored'))).pid).toBe(
          server.child.pid,
        );
        const { port } = server.listening();
        expect(new Set(await servingPids(server, port, 2))).toEqual(new Set([server.child.pid]));
        expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });
      } finally {
        if (server.child.exitCode === null && server.child.signalCode === null) await server.stop('SIGKILL');
      }
    },
    TIMEOUT,
  );
});

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('JOBS_MODE=worker on PostgreSQL', () => {
  it(
    'runs the scheduled work in a process of its own that serves nothing, beside the server process',
    async () => {
      const database = await openTestDatabase();
      const server = new ServerProcess({
        DATABASE_URL: database.url!,
        WORKERS: '1',
        JOBS_MODE: 'worker',
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
      });
      try {
        const jobs = await server.waitFor((l) => l.msg === JOBS_PROCESS_MESSAGE);
        const listening = await server.waitFor(isListening);
        expect(new Set([jobs.pid, listening.pid, server.child.pid]).size).toBe(3);
        // The outbox worker is one of the jobs: it reports from the jobs process.
        const outbox = await server.waitFor((l) => l.msg.startsWith('SMTP_URL is not set'));
        expect(outbox.pid).toBe(jobs.pid);
        const { port } = server.listening();
        expect(new Set(await servingPids(server, port, 2))).toEqual(new Set([listening.pid]));
        expect(server.lines.filter(runsJobs)).toEqual([]);
        expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });
      } finally {
        if (server.child.exitCode === null && server.child.signalCode === null) await server.stop('SIGKILL');
        await database.close();
      }
    },
    TIMEOUT,
  );
});

/**
 * The server under test, as production runs it: `src/server/main.ts` in its own process (with WORKERS on
 * PostgreSQL, a cluster primary and its workers) on a free port, so the load generator never shares its
 * event loop. `BENCH_CPU_PROF=<dir>` runs it (and its workers) under `node --cpu-prof` into that directory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export type BenchServer = {
  port: number;
  /** The primary's and its workers' process ids. */
  pids: () => number[];
  close: () => Promise<void>;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitUntilServing(port: number, child: ChildProcess) {
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? 1;
  });
  for (;;) {
    if (exited !== null) throw new Error(`bench server exited with ${exited}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/v1/users/session`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startServer(options: {
  dataDir: string;
  databaseUrl?: string;
  workers?: number;
}): Promise<BenchServer> {
  const port = await freePort();
  const profile = process.env.BENCH_CPU_PROF;
  const logFile = process.env.BENCH_SERVER_LOG;
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      ...(profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : []),
      join(import.meta.dirname, '../../src/server/main.ts'),
    ],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        APP_ORIGIN: `http://127.0.0.1:${port}`,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: options.dataDir,
        DATABASE_URL: options.databaseUrl ?? '',
        WORKERS: String(options.workers ?? 1),
        // As production logs (a sample of the successful requests, every error and slow one), so the cost
        // of logging is in the figures; the lines themselves go to /dev/null.
        LOG_LEVEL: 'info',
        SEED_DEMO: 'false',
      },
      // BENCH_SERVER_LOG=<file>: the server's log lines appended there (to see why it refused a request).
      stdio: ['ignore', logFile ? openSync(logFile, 'a') : 'ignore', 'inherit'],
    },
  );
  await waitUntilServing(port, child);
  const pid = child.pid!;
  return {
    port,
    pids: () => {
      const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
      return [pid, ...(children ? children.split(/\s+/).map(Number) : [])];
    },
    close: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Resident memory of a process in bytes (Linux). */
export function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

/** Signs in through the API as a user of the seeded data; the session cookie for a `cookie` header. */
export async function signIn(port: number, user: { email: string; password: string }): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

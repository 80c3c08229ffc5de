/**
 * The ceiling route: a bare Fastify server answering one constant JSON body, in its own process on a free
 * port. What this machine's HTTP stack, Node and the load generator can do at this moment; a measured route's
 * throughput is reported as a share of it (bench/lib/mix.ts).
 *
 *   const ceiling = await startCeiling();   // { port, pid, close() }
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';

export const CEILING_PATH = '/ceiling';
const CHILD = 'BENCH_CEILING_CHILD';

export type Ceiling = { port: number; pid: number; close: () => Promise<void> };

/** Forks this file as the ceiling server and resolves once it listens. */
export async function startCeiling(): Promise<Ceiling> {
  const child = fork(fileURLToPath(import.meta.url), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, [CHILD]: '1' },
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`ceiling server exited with ${code}`)));
  });
  return {
    port,
    pid: child.pid!,
    close: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

if (process.env[CHILD] === '1') {
  const app = Fastify({ logger: false });
  // Roughly the size of a small API answer, so the ceiling is not a one-byte toy.
  const body = { ok: true, items: Array.from({ length: 10 }, (_, i) => ({ id: i, name: `item ${i}` })) };
  app.get(CEILING_PATH, async () => body);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

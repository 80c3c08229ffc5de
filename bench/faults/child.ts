import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import type { ServerStats } from './server-stats';

export type ServerChild = { child: ChildProcess; port: number; url: string };

/** Starts bench/faults/server.ts with the given environment; resolves once it listens on 127.0.0.1. */
export function startServer(
  env: Record<string, string | undefined>,
  timeoutMs = 180_000,
): Promise<ServerChild> {
  const child = fork(join(import.meta.dirname, 'server.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start in time')), timeoutMs);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.on('message', (m: { type: string; port: number }) => {
      if (m.type !== 'ready') return;
      clearTimeout(timer);
      resolve({ child, port: m.port, url: `http://127.0.0.1:${m.port}` });
    });
  });
}

export function stopServer(server: ServerChild): Promise<void> {
  return new Promise((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.send({ type: 'close' });
  });
}

export function killServer(server: ServerChild): Promise<void> {
  return new Promise((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.kill('SIGKILL');
  });
}

/** Asks the server child for what it saw itself (bench/faults/server-stats.ts). */
export function serverStats(server: ServerChild): Promise<ServerStats> {
  return new Promise((resolve) => {
    const onMessage = (m: { type: string; stats: ServerStats }) => {
      if (m.type !== 'stats') return;
      server.child.off('message', onMessage);
      resolve(m.stats);
    };
    server.child.on('message', onMessage);
    server.child.send({ type: 'stats' });
  });
}

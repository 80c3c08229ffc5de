import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { adminQuery, withDatabase } from './test/global-setup';
import { onNewConnection, ServerProcess } from './test/server-process';

// The real entry point in child processes (tsx): slow to start on a busy machine.
const TIMEOUT = 240_000;
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const journal = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../drizzle/meta/_journal.json'), 'utf8'),
) as {
  entries: unknown[];
};

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('servers on several machines', () => {
  it(
    'three servers started at once on a fresh PostgreSQL database migrate once, all become ready, and drain on SIGTERM',
    async () => {
      const url = process.env.TEST_DATABASE_URL!;
      const name = `fresh_${Math.random().toString(36).slice(2, 10)}`;
      await adminQuery(url, `create database "${name}"`);
      const databaseUrl = withDatabase(url, name);
      const servers = [0, 1, 2].map(() => {
        const dir = mkdtempSync(join(tmpdir(), 'machine-'));
        dataDirs.push(dir);
        return new ServerProcess({
          DATABASE_URL: databaseUrl,
          DATA_DIR: dir,
          NODE_ENV: 'test',
          // One process per machine here (each would run WORKERS of them behind its own port).
          WORKERS: '1',
          SHUTDOWN_DRAIN_MS: '3000',
        });
      });
      try {
        const migrated = await Promise.all(
          servers.map((s) => s.waitFor((l) => l.msg === 'database schema up to date')),
        );
        // One of them applied every migration; the others waited for it and found nothing left.
        expect(migrated.map((l) => l.applied).sort()).toEqual([0, 0, journal.entries.length]);
        await Promise.all(servers.map((s) => s.waitFor((l) => l.msg.startsWith('Server listening at '))));
        for (const server of servers) {
          const res = await onNewConnection(server.listening().port, { path: '/api/health/ready' });
          expect(res.status).toBe(200);
        }
        const check = await openDatabase({ databaseUrl, poolSize: 1 });
        try {
          const rows = (await check.db.execute(
            'select count(*)::int as n from drizzle.__drizzle_migrations' as never,
          )) as unknown as {
            rows: { n: number }[];
          };
          expect(rows.rows[0]!.n).toBe(journal.entries.length);
        } finally {
          await check.close();
        }

        // SIGTERM: readiness turns 503 at once while the server still answers, then it exits cleanly.
        const [first] = servers;
        const port = first!.listening().port;
        first!.child.kill('SIGTERM');
        await first!.waitFor((l) => l.msg === 'draining');
        expect((await onNewConnection(port, { path: '/api/health/ready' })).status).toBe(503);
        expect((await onNewConnection(port, { path: '/api/health/live' })).status).toBe(200);
        expect((await first!.exited).code).toBe(0);
      } finally {
        await Promise.all(servers.map((s) => s.stop()));
        await adminQuery(url, `drop database if exists "${name}" with (force)`);
      }
    },
    TIMEOUT,
  );
});

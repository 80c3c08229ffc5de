import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { METRICS_LISTENING_MESSAGE } from './plugins/metrics';
import { type LogLine, ServerProcess } from './test/server-process';
import { openTestDatabase } from './test/test-app';

// The real entry point in child processes (tsx), the way `npm start` runs it: slow to start on a busy machine.
const TIMEOUT = 180_000;
const dataDir = mkdtempSync(join(tmpdir(), 'metrics-processes-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const TOKEN = 'metrics-token-for-tests-0123456789';
const metricsListening = (line: LogLine) => line.msg === METRICS_LISTENING_MESSAGE;

describe.runIf(process.env.TEST_DB_KIND === 'postgres')(
  'METRICS_PORT with WORKERS=2 and JOBS_MODE=worker',
  () => {
    it(
      'gives every process its own metrics port and label, the jobs process too, as docs/operations.md says',
      async () => {
        const database = await openTestDatabase();
        // Three ports from a random base, well away from the ports the tests' servers get (PORT=0).
        const base = 20_000 + Math.floor(Math.random() * 20_000);
        const server = new ServerProcess({
          DATABASE_URL: database.url!,
          WORKERS: '2',
          JOBS_MODE: 'worker',
          METRICS_PORT: String(base),
          METRICS_TOKEN: TOKEN,
          DATA_DIR: dataDir,
          NODE_ENV: 'test',
        });
        try {
          const seen = new Set<number>();
          for (let i = 0; i < 3; i++) {
            const line = await server.waitFor(
              (l) => metricsListening(l) && !seen.has(l.metricsPort as number),
            );
            seen.add(line.metricsPort as number);
          }
          expect([...seen].sort()).toEqual([base, base + 1, base + 2]);

          const scrape = async (port: number, token?: string) =>
            fetch(
              `http://127.0.0.1:${port}/metrics`,
              token ? { headers: { authorization: `Bearer ${token}` } } : {},
            );
          const labels = new Set<string>();
          for (const port of seen) {
            expect((await scrape(port)).status).toBe(401);
            const text = await (await scrape(port, TOKEN)).text();
            const label = /process="([^"]+)"/.exec(text)?.[1];
            expect(label).toMatch(/\/[0-2]$/);
            labels.add(label!);
          }
          expect(labels.size).toBe(3);

          // The jobs process (slot WORKERS) runs the outbox: its figures count the runs, the servers' do not.
          await server.waitFor((l) => l.msg.includes('SMTP_URL is not set'));
          const jobs = await (await scrape(base + 2, TOKEN)).text();
          expect(jobs).toMatch(/^job_runs_total\{[^}]*job_name="mail-outbox"[^}]*\} [1-9]/m);
          const served = await (await scrape(base, TOKEN)).text();
          expect(served).not.toMatch(/job_name="mail-outbox"/);
        } finally {
          await server.stop();
          await database.close();
        }
      },
      TIMEOUT,
    );
  },
);

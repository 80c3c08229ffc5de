import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testRenderer, testWebRoot } from '../pages/test-pages';
import { createTestApp } from '../test/test-app';

type Line = {
  level: number;
  msg: string;
  reqId?: string;
  route?: string;
  responseTime?: number;
  dbMs?: number;
  dbQueries?: number;
  renderMs?: number;
  compressMs?: number;
};

/** An app whose log lines the test reads, with a route that waits on the database and answers 200 KB of text. */
async function appLogging(slowMs: number, pages = false) {
  const lines: Line[] = [];
  const app = await createTestApp({
    ...(pages ? { webRoot: testWebRoot(), renderer: testRenderer } : {}),
    env: { LOG_SLOW_MS: slowMs, LOG_REQUEST_SAMPLE: 0, LOG_LEVEL: 'info' },
    logger: true,
    logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
  });
  app.get('/api/v1/slow-probe/:id', { config: { access: 'public' } }, async (_request, reply) => {
    await app.db.execute(sql`select pg_sleep(0.06)`);
    await app.db.execute(sql`select 1`);
    // A line of the app's own logger, not the request's: it names the request all the same.
    app.log.info('probe read the database');
    return reply.type('text/plain').send('שורה של טקסט שנדחס היטב\n'.repeat(8_000));
  });
  return { app, lines };
}

describe('the slow-request log line', () => {
  it('names the route pattern and where the time went: database, render, compression', async () => {
    const { app, lines } = await appLogging(50);
    const id = crypto.randomUUID();
    const answer = await app.inject({
      url: `/api/v1/slow-probe/${id}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');

    const slow = lines.filter((l) => l.msg === 'request completed slowly');
    expect(slow).toHaveLength(1);
    const [line] = slow as [Line];
    expect(line.level).toBe(40);
    expect(line.route).toBe('/api/v1/slow-probe/:id');
    expect(line.responseTime).toBeGreaterThanOrEqual(50);
    expect(line.dbQueries).toBe(2);
    expect(line.dbMs).toBeGreaterThanOrEqual(55);
    expect(line.dbMs).toBeLessThanOrEqual(line.responseTime ?? 0);
    expect(line.compressMs).toBeGreaterThan(0);
    expect(line.renderMs).toBe(0);
    // The request id is on every line the request wrote, the app logger's too.
    expect(line.reqId).toBeTruthy();
    const own = lines.find((l) => l.msg === 'probe read the database');
    expect(own?.reqId).toBe(line.reqId);
  });

  it("counts a server-rendered page's render, and the database reads it makes inside it", async () => {
    const { app, lines } = await appLogging(0, true);
    const page = await app.inject({ url: '/Sale', headers: { 'accept-encoding': 'gzip' } });
    expect(page.statusCode).toBe(200);
    const line = lines.find((l) => l.msg === 'request completed slowly' && l.route !== undefined);
    expect(line?.renderMs).toBeGreaterThan(0);
    expect(line?.dbQueries).toBeGreaterThan(0);
    expect(line?.compressMs).toBeGreaterThan(0);
  });

  it('is not written for a request faster than LOG_SLOW_MS', async () => {
    const { app, lines } = await appLogging(60_000);
    expect((await app.inject('/api/v1/slow-probe/x')).statusCode).toBe(200);
    expect(lines.filter((l) => l.msg.startsWith('request completed'))).toEqual([]);
    // A log line outside any request names none.
    app.log.info('between requests');
    expect(lines.find((l) => l.msg === 'between requests')?.reqId).toBeUndefined();
  });
});

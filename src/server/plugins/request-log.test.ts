import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { requestLogPlugin, requestLogSample } from './request-log';

type Line = { level: number; msg: string; res?: { statusCode: number }; req?: { url: string } };

async function appLogging(options: { successSample: number; slowMs: number }) {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Line);
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'info', stream },
    logController: new LogController({ disableRequestLogging: true }),
  });
  await app.register(requestLogPlugin, options);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fail', async () => {
    throw new Error('broken');
  });
  return { app, requests: () => lines.filter((l) => l.msg.startsWith('request completed')) };
}

describe('request log', () => {
  it('logs every error answer and no successful one when the sample is 0', async () => {
    const { app, requests } = await appLogging({ successSample: 0, slowMs: 60_000 });
    for (let i = 0; i < 5; i++) await app.inject({ url: '/ok' });
    await app.inject({ url: '/missing' });
    await app.inject({ url: '/fail' });
    expect(requests().map((l) => [l.req?.url, l.res?.statusCode, l.level])).toEqual([
      ['/missing', 404, 30],
      ['/fail', 500, 50],
    ]);
  });

  it('logs a slow request as a warning, whatever its status', async () => {
    const { app, requests } = await appLogging({ successSample: 0, slowMs: 0 });
    await app.inject({ url: '/ok' });
    expect(requests().map((l) => [l.msg, l.res?.statusCode, l.level])).toEqual([
      ['request completed slowly', 200, 40],
    ]);
  });

  it('logs every request with a sample of 1 (development)', async () => {
    const { app, requests } = await appLogging({ successSample: 1, slowMs: 60_000 });
    for (let i = 0; i < 5; i++) await app.inject({ url: '/ok' });
    expect(requests()).toHaveLength(5);
  });

  it('samples 5% of the successful requests in production unless LOG_REQUEST_SAMPLE says otherwise', () => {
    const production = { NODE_ENV: 'production', APP_ORIGIN: 'https://agency.example' };
    expect(requestLogSample(loadEnv(production))).toBe(0.05);
    expect(requestLogSample(loadEnv({ ...production, LOG_REQUEST_SAMPLE: '0.5' }))).toBe(0.5);
    expect(requestLogSample(loadEnv({ ...production, LOG_REQUEST_SAMPLE: '0' }))).toBe(0);
    expect(requestLogSample(loadEnv({ NODE_ENV: 'development' }))).toBe(1);
  });

  it('logs about the production share of many successful requests', async () => {
    const { app, requests } = await appLogging({
      successSample: requestLogSample({ NODE_ENV: 'production' }),
      slowMs: 60_000,
    });
    for (let i = 0; i < 2_000; i++) await app.inject({ url: '/ok' });
    // 5% of 2,000 is 100; a binomial count outside 40-180 has a probability below one in a billion.
    expect(requests().length).toBeGreaterThan(40);
    expect(requests().length).toBeLessThan(180);
  });
});

import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { overloadPlugin } from './overload';

// The client runs on its own thread: it opens connections, and while the server's thread is held it sends a
// request on each and opens one more, so that the server's next turn finds them all waiting at once.
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const net = require('node:net');
const { port, count, flag } = workerData;
const open = () => new Promise((resolve) => { const s = net.connect(port, '127.0.0.1', () => resolve(s)); s.on('data', () => {}); });
(async () => {
  const sockets = [];
  for (let i = 0; i < count; i++) sockets.push(await open());
  parentPort.postMessage('connected');
  parentPort.once('message', async () => {
    for (const s of sockets) s.write('GET /api/work HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n');
    const late = await open();
    late.write('GET /api/work HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n');
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
  });
})();
`;

const USERS = 20;
let close: (() => Promise<unknown>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** The order in which the server accepted connections (C) and started requests (R). */
async function serveBurst(onePerTurn: boolean): Promise<string> {
  const app = Fastify();
  await app.register(overloadPlugin, { maxPending: 0, onePerTurn });
  let log = '';
  app.get('/api/work', async () => {
    log += 'R';
    // A few milliseconds of work on the server's own thread, as a query on the embedded database is.
    const end = performance.now() + 3;
    while (performance.now() < end) {
      // busy on purpose
    }
    return { ok: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  app.server.on('connection', () => {
    log += 'C';
  });
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const port = (app.server.address() as AddressInfo).port;
  const worker = new Worker(CLIENT, { eval: true, workerData: { port, count: USERS, flag } });
  close = async () => {
    await worker.terminate();
    await app.close();
  };
  await once(worker, 'message');
  await expect.poll(() => log.length, { timeout: 30_000 }).toBe(USERS);
  worker.postMessage('go');
  // Hold this thread until the client has sent its burst and opened its last connection.
  Atomics.wait(flag, 0, 0, 30_000);
  expect(Atomics.load(flag, 0)).toBe(1);
  // Every connection accepted and every request started: USERS + 1 of each.
  await expect.poll(() => log.length, { timeout: 30_000 }).toBe(2 * (USERS + 1));
  return log.slice(USERS);
}

describe('a burst of requests on a busy server', () => {
  it('started one per turn, the server accepts a new connection after at most one of them', async () => {
    const order = await serveBurst(true);
    expect(order.indexOf('C'), order).toBeLessThanOrEqual(1);
  }, 60_000);

  it('all started in one turn, the new connection waits for the whole burst (what the gate prevents)', async () => {
    const order = await serveBurst(false);
    expect(order.indexOf('C'), order).toBe(USERS);
  }, 60_000);
});

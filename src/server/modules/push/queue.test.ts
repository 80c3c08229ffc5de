import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { pushOutbox } from '../../db/schema';
import { createUser } from '../../test/factories';
import { fakeDevice, PushServiceStandIn } from '../../test/push-service';
import { sessionCookieFor } from '../../test/sessions';
import { openTestDatabase } from '../../test/test-app';
import { enqueuePush } from './outbox';
import { startPushWorker } from './worker';

// Two app instances on one database (each with its own pool on PostgreSQL) stand for two server processes.
let first: FastifyInstance;
let second: FastifyInstance;
let service: PushServiceStandIn;
const handles: DatabaseHandle[] = [];

beforeAll(async () => {
  service = await PushServiceStandIn.start();
  const db = await openTestDatabase();
  handles.push(db);
  const other = db.url ? await openDatabase({ databaseUrl: db.url, poolSize: 2 }) : db;
  if (other !== db) handles.unshift(other);
  const options = {
    webRoot: null,
    logger: false as const,
    env: {
      NODE_ENV: 'test' as const,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'push-queue-')),
      PUSH_SERVICE_HOSTS: ['127.0.0.1'],
    },
  };
  first = await buildApp({ ...options, database: db });
  second = await buildApp({ ...options, database: other });
});
afterAll(async () => {
  await first.close();
  await second.close();
  for (const handle of handles) await handle.close();
  await service.stop();
});

describe('the push queue across a restart and two processes', () => {
  it('a worker stopped in the middle of the queue, and two workers after it, send each message once', async () => {
    const devices: { user: { id: string }; device: ReturnType<typeof fakeDevice>; name: string }[] = [];
    for (const name of ['q-a', 'q-b', 'q-c']) {
      const user = await createUser(first.db);
      const device = fakeDevice(service.endpoint(name));
      const res = await first.inject({
        method: 'POST',
        url: '/api/v1/push/subscriptions',
        payload: device.subscription,
        headers: { cookie: await sessionCookieFor(first.db, user.id) },
      });
      expect(res.statusCode).toBe(201);
      devices.push({ user, device, name });
      // Each accepted push takes the stand-in a moment, so the stop lands while the queue is still full.
      service.answer(name, ...Array.from({ length: 15 }, () => ({ status: 201, delayMs: 20 })));
    }
    for (let i = 0; i < 15; i += 1) {
      for (const { user } of devices) {
        await enqueuePush(
          first.db,
          user.id,
          'test',
          { title: `הודעה ${i}`, body: 'x', url: '/' },
          { immediate: true },
        );
      }
    }
    const options = { agent: service.agent, intervalMs: 10 };
    const stopFirst = startPushWorker(first, options);
    await service.accepted(5);
    await stopFirst(); // a restart: the batch in hand is finished, the rest waits in the table
    const sentBeforeRestart = service.requests.length;
    expect(sentBeforeRestart).toBeLessThan(45);
    const stopA = startPushWorker(first, options);
    const stopB = startPushWorker(second, options);
    await service.accepted(45);
    await Promise.all([stopA(), stopB()]);

    const ids = service.requests.map((request) => {
      const device = devices.find((d) => request.path === `/${d.name}`)!.device;
      return (device.decrypt(request.body) as { id: string }).id;
    });
    expect(ids).toHaveLength(45);
    expect(new Set(ids).size).toBe(45);
    const rows = await first.db.select().from(pushOutbox);
    expect(rows.filter((r) => r.kind === 'test').every((r) => r.status === 'sent' && r.attempts === 1)).toBe(
      true,
    );
  });
});

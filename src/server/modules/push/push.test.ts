import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushOutbox, pushSubscriptions } from '../../db/schema';
import { createProperty, createUser } from '../../test/factories';
import { fakeDevice, PushServiceStandIn } from '../../test/push-service';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { enqueuePush } from './outbox';
import { deliverDuePush } from './worker';

let app: TestApp;
let service: PushServiceStandIn;

beforeAll(async () => {
  service = await PushServiceStandIn.start();
  app = await createTestApp({
    env: { PUSH_SERVICE_HOSTS: ['127.0.0.1'], APP_ORIGIN: 'https://agency.example' },
  });
});
afterAll(async () => {
  await service.stop();
});

const subscribe = async (cookie: string, body: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/push/subscriptions',
    payload: body as object,
    headers: { cookie },
  });

async function agentWithDevice(path: string) {
  const agent = await createUser(app.db);
  const cookie = await sessionCookieFor(app.db, agent.id);
  const device = fakeDevice(service.endpoint(path));
  const res = await subscribe(cookie, device.subscription);
  expect(res.statusCode, res.body).toBe(201);
  return { agent, cookie, device, deviceId: res.json().data.device._id as string };
}

/** Makes every pending row due now (the back-off and quiet-hour holds are tested on their own). */
const makeDue = () =>
  app.db
    .update(pushOutbox)
    .set({ nextAttemptAt: new Date(0) })
    .where(eq(pushOutbox.status, 'pending'));
const deliver = () => deliverDuePush(app, { agent: service.agent, timeoutMs: 2_000 });

describe('Web Push delivery', () => {
  it('an inquiry on a property sends its agent an encrypted push that the device can read', async () => {
    const { agent, device } = await agentWithDevice('device-inquiry');
    const property = await createProperty(app.db, { agentId: agent.id, address: 'הגפן 7', city: 'חיפה' });
    const before = service.requests.length;
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/property/${property.id}/inquiry`,
      payload: { name: 'דנה לוי', phone: '052-765-4321', message: 'אשמח לתאם ביקור' },
    });
    expect(res.statusCode).toBe(201);
    await makeDue();
    await deliver();
    const request = service.requests.slice(before).find((r) => r.path === '/device-inquiry')!;
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(String(request.headers.authorization)).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]{87}$/);
    expect(request.headers.ttl).toBe('86400');
    expect(device.decrypt(request.body)).toMatchObject({
      kind: 'leadAssigned',
      title: 'פנייה חדשה על נכס',
      body: 'דנה לוי, 052-765-4321: הגפן 7, חיפה',
      // The lead's page in the pipeline.
      url: expect.stringMatching(/^\/Leads\/[0-9a-f-]{36}$/),
    });
    const [row] = await app.db.select().from(pushOutbox).where(eq(pushOutbox.userId, agent.id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('a push service answering 410 removes the device and its queue', async () => {
    const { agent, deviceId } = await agentWithDevice('device-gone');
    service.answer('device-gone', { status: 410 });
    await enqueuePush(
      app.db,
      agent.id,
      'test',
      { title: 'ניסיון', body: 'x', url: '/' },
      { immediate: true },
    );
    await deliver();
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, deviceId))).toEqual(
      [],
    );
    expect(await app.db.select().from(pushOutbox).where(eq(pushOutbox.userId, agent.id))).toEqual([]);
  });

  it('a 5xx or a push service that does not answer in time is retried later, and then sent once', async () => {
    const { agent } = await agentWithDevice('device-flaky');
    service.answer('device-flaky', { status: 503 }, { status: 500, delayMs: 3_000 });
    await enqueuePush(
      app.db,
      agent.id,
      'test',
      { title: 'ניסיון', body: 'x', url: '/' },
      { immediate: true },
    );
    const rowOf = async () =>
      (await app.db.select().from(pushOutbox).where(eq(pushOutbox.userId, agent.id)))[0]!;
    await deliver();
    expect(await rowOf()).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringContaining('503'),
    });
    expect((await rowOf()).nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    await makeDue();
    await deliver(); // the stand-in holds its answer past the 2 s timeout
    expect(await rowOf()).toMatchObject({ status: 'pending', attempts: 2 });
    await makeDue();
    const before = service.requests.filter((r) => r.path === '/device-flaky').length;
    await deliver();
    expect(await rowOf()).toMatchObject({ status: 'sent', attempts: 3 });
    expect(service.requests.filter((r) => r.path === '/device-flaky').length).toBe(before + 1);
  });
});

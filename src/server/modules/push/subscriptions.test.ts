import { MAX_PUSH_DEVICES, PUSH_MESSAGES } from '@shared/schemas/push';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pushOutbox, pushSubscriptions } from '../../db/schema';
import { createUser } from '../../test/factories';
import { fakeDevice } from '../../test/push-service';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { enqueuePush } from './outbox';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

const FCM = 'https://fcm.googleapis.com/fcm/send/';
const device = (id: string) => fakeDevice(`${FCM}${id}`).subscription;
const post = (cookie: string, body: unknown, userAgent?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/push/subscriptions',
    payload: body as object,
    headers: { cookie, ...(userAgent ? { 'user-agent': userAgent } : {}) },
  });
async function signedIn() {
  const user = await createUser(app.db);
  return { user, cookie: await sessionCookieFor(app.db, user.id) };
}

describe('push subscriptions', () => {
  it('stores a device, lists it with the server key, and the same endpoint again updates the one row', async () => {
    const { user, cookie } = await signedIn();
    const first = device(`a-${user.id}`);
    const android = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';
    expect((await post(cookie, first, android)).statusCode).toBe(201);
    const renewed = { ...first, keys: device('other').keys };
    expect((await post(cookie, renewed, android)).statusCode).toBe(201);
    const state = await app.inject({ url: '/api/v1/push', headers: { cookie } });
    expect(state.statusCode).toBe(200);
    expect(state.headers['cache-control']).toBe('private, no-store');
    const { data } = state.json();
    expect(data.publicKey).toMatch(/^[\w-]{87}$/);
    expect(data.devices).toEqual([
      expect.objectContaining({ endpoint: first.endpoint, label: 'Android · Chrome' }),
    ]);
    const [row] = await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(row!.p256dh).toBe(renewed.keys.p256dh);
    expect(data.preferences).toEqual({
      leadAssigned: true,
      leadEscalated: true,
      nextTouchDue: true,
      dailyEntryMissing: true,
    });
  });

  it('refuses malformed and foreign subscriptions with a Hebrew message on the field', async () => {
    const { cookie } = await signedIn();
    const good = device('refusals');
    const cases: [unknown, string][] = [
      [{ ...good, endpoint: 'http://fcm.googleapis.com/fcm/send/x' }, PUSH_MESSAGES.endpointNotHttps],
      [{ ...good, endpoint: 'not a url' }, PUSH_MESSAGES.endpointInvalid],
      [{ ...good, endpoint: 'https://internal.example/hook' }, PUSH_MESSAGES.endpointForeign],
      [{ ...good, endpoint: 'https://evil-fcm.googleapis.com.example/x' }, PUSH_MESSAGES.endpointForeign],
      [{ ...good, endpoint: 'https://fcm.googleapis.com:8443/fcm/send/x' }, PUSH_MESSAGES.endpointForeign],
      [{ ...good, endpoint: 'https://web.push.apple.com:22/QGx' }, PUSH_MESSAGES.endpointForeign],
      [
        { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, -2) } },
        PUSH_MESSAGES.p256dhInvalid,
      ],
      [{ ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh}AA` } }, PUSH_MESSAGES.p256dhInvalid],
      [{ ...good, keys: { ...good.keys, auth: 'AAAA' } }, PUSH_MESSAGES.authInvalid],
      [{ ...good, keys: { ...good.keys, auth: `${good.keys.auth}!` } }, PUSH_MESSAGES.authInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await post(cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(
      (await post(cookie, { ...good, endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/x' }))
        .statusCode,
    ).toBe(201);
    expect((await post(cookie, { ...good, endpoint: 'https://web.push.apple.com/QGx' })).statusCode).toBe(
      201,
    );
    expect(
      (await post(cookie, { ...good, endpoint: 'https://fcm.googleapis.com:443/fcm/send/p' })).statusCode,
    ).toBe(201);
  });

  it('refuses endpoints at loopback, private, link-local and local names, with and without PUSH_SERVICE_HOSTS', async () => {
    const withHosts = await createTestApp({
      env: { PUSH_SERVICE_HOSTS: ['push.example', '.example', '.local'] },
    });
    const internal = [
      'https://127.0.0.1/push',
      'https://10.0.0.1/push',
      'https://169.254.169.254/latest/meta-data/',
      'https://localhost/push',
      'https://[::1]/push',
      'https://relay.local/push',
    ];
    for (const target of [app, withHosts]) {
      const user = await createUser(target.db);
      const cookie = await sessionCookieFor(target.db, user.id);
      for (const endpoint of internal) {
        const res = await target.inject({
          method: 'POST',
          url: '/api/v1/push/subscriptions',
          payload: { ...device(`internal-${user.id}`), endpoint },
          headers: { cookie },
        });
        expect(res.statusCode, endpoint).toBe(400);
        expect(res.json().errors?.endpoint ?? res.body, endpoint).toContain(PUSH_MESSAGES.endpointForeign);
      }
      const stored = await target.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, user.id));
      expect(stored).toEqual([]);
    }
  });

  it("refuses another user's device unless the keys match (the same device, another user signed in)", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const mine = device(`taken-${owner.user.id}`);
    expect((await post(owner.cookie, mine)).statusCode).toBe(201);
    const stolen = await post(other.cookie, { ...mine, keys: device('attacker').keys });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().fieldErrors.endpoint).toBe(PUSH_MESSAGES.endpointTaken);
    const [kept] = await app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, mine.endpoint));
    expect(kept).toMatchObject({ userId: owner.user.id, p256dh: mine.keys.p256dh });

    const sameDevice = await post(other.cookie, mine);
    expect(sameDevice.statusCode).toBe(201);
    const [moved] = await app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, mine.endpoint));
    expect(moved!.userId).toBe(other.user.id);
  });

  it(`takes ${MAX_PUSH_DEVICES} devices per user and refuses the next with a Hebrew 409`, async () => {
    const { user, cookie } = await signedIn();
    for (let i = 0; i < MAX_PUSH_DEVICES; i += 1)
      expect((await post(cookie, device(`${user.id}-${i}`))).statusCode).toBe(201);
    const over = await post(cookie, device(`${user.id}-extra`));
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(PUSH_MESSAGES.tooManyDevices);
    // Renewing a device already on the list is not a new device.
    expect((await post(cookie, device(`${user.id}-3`))).statusCode).toBe(201);
  });

  it('removes only my own device', async () => {
    const mine = await signedIn();
    const other = await signedIn();
    const id = (await post(mine.cookie, device(`mine-${mine.user.id}`))).json().data.device._id;
    const foreign = await app.inject({
      method: 'DELETE',
      url: `/api/v1/push/subscriptions/${id}`,
      headers: { cookie: other.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(PUSH_MESSAGES.deviceNotFound);
    const own = await app.inject({
      method: 'DELETE',
      url: `/api/v1/push/subscriptions/${id}`,
      headers: { cookie: mine.cookie },
    });
    expect(own.statusCode).toBe(200);
    expect(
      await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, mine.user.id)),
    ).toEqual([]);
  });

  it('queues nothing for a kind the user turned off, for a deactivated user, or without a device', async () => {
    const { user, cookie } = await signedIn();
    await post(cookie, device(`prefs-${user.id}`));
    const put = await app.inject({
      method: 'PUT',
      url: '/api/v1/push/preferences',
      payload: { leadAssigned: false, leadEscalated: true, nextTouchDue: true, dailyEntryMissing: true },
      headers: { cookie },
    });
    expect(put.statusCode).toBe(200);
    const message = { title: 't', body: 'b', url: '/' };
    expect(await enqueuePush(app.db, user.id, 'leadAssigned', message)).toBe(0);
    expect(await enqueuePush(app.db, user.id, 'leadEscalated', message)).toBe(1);
    const bare = await createUser(app.db);
    expect(await enqueuePush(app.db, bare.id, 'leadEscalated', message)).toBe(0);
    const gone = await signedIn();
    await post(gone.cookie, device(`gone-${gone.user.id}`));
    await app.db.execute(`update users set active = false where id = '${gone.user.id}'`);
    expect(await enqueuePush(app.db, gone.user.id, 'leadEscalated', message)).toBe(0);
  });

  it('holds a push queued in quiet hours until 08:00 Israel time, and a test push goes at once', async () => {
    const { user, cookie } = await signedIn();
    await post(cookie, device(`quiet-${user.id}`));
    const message = { title: 't', body: 'b', url: '/' };
    // Tuesday 2026-03-10, 22:30 in Israel (UTC+2).
    const lateEvening = new Date('2026-03-10T20:30:00Z');
    await enqueuePush(app.db, user.id, 'nextTouchDue', message, { now: lateEvening });
    const test = await app.inject({ method: 'POST', url: '/api/v1/push/test', headers: { cookie } });
    expect(test.json()).toEqual({ status: 'success', data: { devices: 1 } });
    const rows = await app.db.select().from(pushOutbox).where(eq(pushOutbox.userId, user.id));
    expect(rows.find((r) => r.kind === 'nextTouchDue')!.nextAttemptAt.toISOString()).toBe(
      '2026-03-11T06:00:00.000Z',
    );
    expect(rows.find((r) => r.kind === 'test')!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('a dedupe key queues a message once per device', async () => {
    const { user, cookie } = await signedIn();
    await post(cookie, device(`dedupe-${user.id}`));
    const message = { title: 't', body: 'b', url: '/' };
    expect(
      await enqueuePush(app.db, user.id, 'dailyEntryMissing', message, {
        dedupeKey: 'daily-missing:2026-03-10',
      }),
    ).toBe(1);
    expect(
      await enqueuePush(app.db, user.id, 'dailyEntryMissing', message, {
        dedupeKey: 'daily-missing:2026-03-10',
      }),
    ).toBe(0);
    expect(
      await enqueuePush(app.db, user.id, 'dailyEntryMissing', message, {
        dedupeKey: 'daily-missing:2026-03-11',
      }),
    ).toBe(1);
  });
});

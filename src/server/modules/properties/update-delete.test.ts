import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createProperty, createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

let app: TestApp;
let adminCookie: string;
let agentCookie: string;
let agentId: string;

beforeAll(async () => {
  app = await createTestApp();
  const admin = await createUser(app.db, { role: 'admin', name: 'מנהלת' });
  const agent = await createUser(app.db, { name: 'דנה סוכנת', phoneNumber: '052-111-2222' });
  agentId = agent.id;
  adminCookie = await signIn(app, admin.email, TEST_PASSWORD);
  agentCookie = await signIn(app, agent.email, TEST_PASSWORD);
});

const get = (url: string) => app.inject({ url: `/api/v1${url}` });
const patch = (id: string, payload: object, cookie = adminCookie) =>
  app.inject({ method: 'PATCH', url: `/api/v1/property/${id}`, payload, headers: { cookie } });
const listIds = async (url: string) =>
  ((await get(url)).json().data.data as { _id: string }[]).map((p) => p._id);
const searchIds = async (type: 'sale' | 'rent') =>
  ((await get(`/property/search?type=${type}&pageSize=60`)).json().data.items as { _id: string }[]).map(
    (p) => p._id,
  );
const saleIds = () => searchIds('sale');
const rentIds = () => searchIds('rent');

describe('PATCH and DELETE /api/v1/property/{id}', () => {
  it('updates only the given fields and answers data.data; audits the change', async () => {
    const p = await createProperty(app.db, { price: 1_000_000 });
    const res = await patch(p.id, { price: 990_000, features: ['מחסן'], agent: agentId, pinuy_binuy: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data).toMatchObject({
      _id: p.id,
      price: 990_000,
      features: ['מחסן'],
      pinuy_binuy: true,
      address: p.address,
      agent: { _id: agentId },
    });
    const audits = await app.db.select().from(auditLog).where(eq(auditLog.entityId, p.id));
    expect(audits[0]).toMatchObject({ action: 'update', entity: 'property' });
    expect(Object.keys(audits[0]!.changes).sort()).toEqual(['agentId', 'features', 'pinuyBinuy', 'price']);
  });

  it.each([
    ['price as text', { price: 'זול' }],
    ['negative price', { price: -1 }],
    ['unknown category', { category: 'ארמון' }],
    ['unknown deal type', { typeTransaction: 'החלפה' }],
    ['unknown agent', { agent: '00000000-0000-4000-8000-000000000000' }],
    ['rooms as text', { rooms: 'ארבעה' }],
  ])('answers 400 for %s', async (_name, payload) => {
    const p = await createProperty(app.db);
    const res = await patch(p.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/[\u0590-\u05FF]/);
  });

  it('404 for an unknown property, 400 for a malformed id', async () => {
    expect((await patch('00000000-0000-4000-8000-000000000000', { price: 1 })).statusCode).toBe(404);
    expect((await patch('nope', { price: 1 })).statusCode).toBe(400);
  });

  it('role matrix: every mutation is 401 without a session and 403 for an agent', async () => {
    const p = await createProperty(app.db);
    const imageId = '00000000-0000-4000-8000-000000000001';
    const calls = [
      { method: 'POST', url: '/api/v1/property', payload: { price: 1 } },
      { method: 'PATCH', url: `/api/v1/property/${p.id}`, payload: { price: 1 } },
      { method: 'DELETE', url: `/api/v1/property/${p.id}` },
      { method: 'POST', url: `/api/v1/property/${p.id}/images`, payload: {} },
      { method: 'DELETE', url: `/api/v1/property/${p.id}/images/${imageId}` },
      { method: 'PUT', url: `/api/v1/property/${p.id}/images/order`, payload: { order: [] } },
    ] as const;
    for (const call of calls) {
      expect((await app.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
      expect((await app.inject({ ...call, headers: { cookie: agentCookie } })).statusCode).toBe(403);
    }
    expect((await get(`/property/${p.id}`)).json().data.data.price).toBe(1_500_000);
  });

  it('deletes (audited) and answers 410 afterwards', async () => {
    const p = await createProperty(app.db);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/v1/property/${p.id}`,
      headers: { cookie: adminCookie },
    });
    expect(res.statusCode).toBe(200);
    const after = await get(`/property/${p.id}`);
    // Gone, not missing: the listing was there and was deleted; an id never used stays 404.
    expect(after.statusCode).toBe(410);
    expect(after.json()).toMatchObject({ code: 'GONE', message: 'הנכס הוסר מהאתר' });
    expect((await get('/property/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const audits = await app.db.select().from(auditLog).where(eq(auditLog.entityId, p.id));
    expect(audits.map((a) => a.action)).toEqual(['delete']);
  });

  it('keeps a sold listing at 200, sold', async () => {
    const p = await createProperty(app.db);
    expect((await patch(p.id, { sold: true })).statusCode).toBe(200);
    const res = await get(`/property/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data.sold).toBe(true);
  });
});

describe('lists move with the state', () => {
  it('marking sold moves a property from the sale list to the sold list', async () => {
    const p = await createProperty(app.db, { city: 'עכו' });
    expect(await saleIds()).toContain(p.id);
    expect(await listIds('/property/sold')).not.toContain(p.id);
    expect((await patch(p.id, { sold: true })).statusCode).toBe(200);
    expect(await saleIds()).not.toContain(p.id);
    const sold = (await get('/property/sold')).json().data.data as { _id: string; sold: boolean }[];
    expect(sold.find((x) => x._id === p.id)?.sold).toBe(true);
  });

  it('switching the transaction type moves it between the sale and rent lists; a sold rental is in the sold list only', async () => {
    const p = await createProperty(app.db, { city: 'עכו', price: 6000 });
    await patch(p.id, { typeTransaction: 'השכרה' });
    expect(await saleIds()).not.toContain(p.id);
    expect(await rentIds()).toContain(p.id);
    await patch(p.id, { sold: true });
    expect(await rentIds()).not.toContain(p.id);
    expect(await listIds('/property/sold')).toContain(p.id);
  });
});

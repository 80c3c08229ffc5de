import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createProperty, createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { multipart } from './test-helpers';

let app: TestApp;
let adminCookie: string;
let agentCookie: string;
let agentId: string;
let inactiveId: string;

beforeAll(async () => {
  app = await createTestApp();
  const admin = await createUser(app.db, { role: 'admin', name: 'מנהלת' });
  const agent = await createUser(app.db, { name: 'דנה סוכנת', phoneNumber: '052-111-2222' });
  inactiveId = (await createUser(app.db, { name: 'עזב', active: false })).id;
  agentId = agent.id;
  adminCookie = await signIn(app, admin.email, TEST_PASSWORD);
  agentCookie = await signIn(app, agent.email, TEST_PASSWORD);
});

const get = (url: string) => app.inject({ url: `/api/v1${url}` });
const patch = (id: string, payload: object, cookie = adminCookie) =>
  app.inject({ method: 'PATCH', url: `/api/v1/property/${id}`, payload, headers: { cookie } });
const listIds = async (url: string) =>
  ((await get(url)).json().data.data as { _id: string }[]).map((p) => p._id);
const saleIds = async () =>
  ((await get('/property/search?type=sale&pageSize=60')).json().data.items as { _id: string }[]).map(
    (p) => p._id,
  );
const rentIds = async () =>
  ((await get('/property/search?type=rent&pageSize=60')).json().data.items as { _id: string }[]).map(
    (p) => p._id,
  );

const createForm = () =>
  multipart([
    ['typeTransaction', 'מכירה'],
    ['city', 'חיפה'],
    ['address', 'הנשיא 5'],
    ['price', '2450000'],
    ['category', 'דירה'],
    ['rooms', '4.5'],
    ['floor', '7'],
    ['size', '120'],
    ['entryDate', 'גמיש'],
    ['propertyCondition', 'משופץ'],
    ['features', 'מעלית'],
    ['features', 'ממ"ד'],
    ['pinuy_binuy', 'true'],
    ['description', 'דירה עם נוף לים'],
    ['yad2', 'https://www.yad2.co.il/item/abc'],
    ['agent', agentId],
    ['agentSecend', ''],
  ]);

describe('POST /api/v1/property', () => {
  it('creates from a multipart form (lists as repeated fields, empty values omitted) and audits it', async () => {
    const form = await createForm();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/property',
      payload: form.payload,
      headers: { ...form.headers, cookie: adminCookie },
    });
    expect(res.statusCode).toBe(201);
    const p = res.json().data.data;
    expect(p).toMatchObject({
      typeTransaction: 'מכירה',
      sold: false,
      pinuy_binuy: true,
      exclusive: false,
      city: 'חיפה',
      address: 'הנשיא 5',
      price: 2_450_000,
      rooms: 4.5,
      floor: '7',
      size: 120,
      features: ['מעלית', 'ממ"ד'],
      image: null,
      images: [],
      agent: { _id: agentId, name: 'דנה סוכנת', phone_number: '052-111-2222', image: null },
      agentSecend: null,
    });
    const audits = await app.db.select().from(auditLog).where(eq(auditLog.entityId, p._id));
    expect(audits.map((a) => a.action)).toEqual(['create']);
  });

  it('refuses without a session (401) and for an agent (403)', async () => {
    const form = await createForm();
    expect((await app.inject({ method: 'POST', url: '/api/v1/property', ...form })).statusCode).toBe(401);
    const asAgent = await app.inject({
      method: 'POST',
      url: '/api/v1/property',
      payload: form.payload,
      headers: { ...form.headers, cookie: agentCookie },
    });
    expect(asAgent.statusCode).toBe(403);
  });

  it.each([
    [
      'missing deal type',
      [
        ['city', 'חיפה'],
        ['address', 'א 1'],
        ['price', '1'],
        ['category', 'דירה'],
      ],
      'חובה לבחור סוג עסקה',
    ],
    [
      'unknown category',
      [
        ['typeTransaction', 'מכירה'],
        ['city', 'חיפה'],
        ['address', 'א 1'],
        ['price', '1'],
        ['category', 'טירה'],
      ],
      'סוג הנכס אינו מוכר',
    ],
    [
      'negative price',
      [
        ['typeTransaction', 'מכירה'],
        ['city', 'חיפה'],
        ['address', 'א 1'],
        ['price', '-5'],
        ['category', 'דירה'],
      ],
      'המחיר חייב',
    ],
    [
      'price not a number',
      [
        ['typeTransaction', 'מכירה'],
        ['city', 'חיפה'],
        ['address', 'א 1'],
        ['price', 'הרבה'],
        ['category', 'דירה'],
      ],
      'מספר',
    ],
    [
      'unknown agent',
      [
        ['typeTransaction', 'מכירה'],
        ['city', 'חיפה'],
        ['address', 'א 1'],
        ['price', '1'],
        ['category', 'דירה'],
        ['agent', '00000000-0000-4000-8000-000000000000'],
      ],
      'הסוכן',
    ],
    [
      'malformed agent id',
      [
        ['typeTransaction', 'מכירה'],
        ['city', 'חיפה'],
        ['address', 'א 1'],
        ['price', '1'],
        ['category', 'דירה'],
        ['agent', 'abc'],
      ],
      'הסוכן',
    ],
    [
      'wrong boolean',
      [
        ['typeTransaction', 'מכירה'],
        ['city', 'חיפה'],
        ['address', 'א 1'],
        ['price', '1'],
        ['category', 'דירה'],
        ['sold', 'maybe'],
      ],
      'ערך לא תקין',
    ],
  ] as [string, [string, string][], string][])(
    'answers 400 in Hebrew for %s',
    async (_name, fields, message) => {
      const form = await multipart(fields);
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/property',
        payload: form.payload,
        headers: { ...form.headers, cookie: adminCookie },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'fail', code: 'VALIDATION' });
      expect(res.json().message).toContain(message);
    },
  );

  it('refuses an inactive agent', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/property',
      headers: { cookie: adminCookie },
      payload: {
        typeTransaction: 'השכרה',
        city: 'חיפה',
        address: 'א 1',
        price: 5000,
        category: 'דירה',
        agentSecend: inactiveId,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('agentSecend');
  });
});

describe('reads', () => {
  it('GET /property lists every property with agents as objects; GET /property/{id} one; 404 / 400', async () => {
    const p = await createProperty(app.db, { agentId, address: 'חורב 3' });
    const all = (await get('/property')).json().data.data as { _id: string; agent: unknown }[];
    expect(all.find((x) => x._id === p.id)?.agent).toMatchObject({ _id: agentId, name: 'דנה סוכנת' });
    const one = await get(`/property/${p.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.data).toMatchObject({ _id: p.id, address: 'חורב 3', photos: [] });
    const missing = await get('/property/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('הנכס לא נמצא');
    const malformed = await get('/property/not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('מזהה לא תקין');
  });

  it('getMyProperties lists properties where the user is the main or second agent', async () => {
    const other = await createUser(app.db);
    const main = await createProperty(app.db, { agentId: other.id });
    const second = await createProperty(app.db, { agentSecendId: other.id });
    await createProperty(app.db, { agentId });
    expect((await listIds(`/property/getMyProperties/${other.id}`)).sort()).toEqual(
      [main.id, second.id].sort(),
    );
    expect((await get('/property/getMyProperties/xyz')).statusCode).toBe(400);
  });

  it('cities are the distinct cities; streets are the street names of a city without house numbers', async () => {
    await createProperty(app.db, { city: 'אילת', address: 'התמרים 4' });
    await createProperty(app.db, { city: 'אילת', address: 'התמרים 18' });
    await createProperty(app.db, { city: 'אילת', address: 'שדרות התמרים 2' });
    const cities = (await get('/property/locations/cities')).json().data as string[];
    expect(cities).toContain('אילת');
    expect(new Set(cities).size).toBe(cities.length);
    expect((await get(`/property/locations/streets?city=${encodeURIComponent('אילת')}`)).json().data).toEqual(
      ['התמרים', 'שדרות התמרים'],
    );
    expect((await get('/property/locations/streets?city=')).json().data).toEqual([]);
  });
});

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

  it('deletes (audited) and answers 404 afterwards', async () => {
    const p = await createProperty(app.db);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/v1/property/${p.id}`,
      headers: { cookie: adminCookie },
    });
    expect(res.statusCode).toBe(200);
    expect((await get(`/property/${p.id}`)).statusCode).toBe(404);
    const audits = await app.db.select().from(auditLog).where(eq(auditLog.entityId, p.id));
    expect(audits.map((a) => a.action)).toEqual(['delete']);
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

describe('similar properties', () => {
  it('same city, price within 400,000, not sold, never itself, at most 5', async () => {
    const base = await createProperty(app.db, { city: 'צפת', price: 2_000_000 });
    const near = [];
    for (const price of [1_600_000, 2_400_000, 2_100_000, 1_900_000, 2_000_000, 1_700_000, 2_300_000]) {
      near.push((await createProperty(app.db, { city: 'צפת', price })).id);
    }
    const far = await createProperty(app.db, { city: 'צפת', price: 2_400_001 });
    const elsewhere = await createProperty(app.db, { city: 'טבריה', price: 2_000_000 });
    const sold = await createProperty(app.db, { city: 'צפת', price: 2_000_000, sold: true });
    const seen = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const ids = await listIds(`/property/${base.id}/similar`);
      expect(ids.length).toBe(5);
      for (const id of ids) {
        expect(near).toContain(id);
        seen.add(id);
      }
      expect(ids).not.toContain(base.id);
      expect(ids).not.toContain(far.id);
      expect(ids).not.toContain(elsewhere.id);
      expect(ids).not.toContain(sold.id);
    }
    // Random order: across several calls more than five different ones show up.
    expect(seen.size).toBeGreaterThan(5);
    expect((await get('/property/00000000-0000-4000-8000-000000000000/similar')).statusCode).toBe(404);
  });
});

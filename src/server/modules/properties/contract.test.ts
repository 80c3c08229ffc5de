import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { noteWrite } from '../../plugins/read-cache';
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
const listIds = async (url: string) =>
  ((await get(url)).json().data.data as { _id: string }[]).map((p) => p._id);
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

  it('with a deal type, cities are only those with such a property still available', async () => {
    await createProperty(app.db, { city: 'ערד', typeTransaction: 'מכירה' });
    await createProperty(app.db, { city: 'דימונה', typeTransaction: 'השכרה' });
    await createProperty(app.db, { city: 'ירוחם', typeTransaction: 'מכירה', sold: true });
    // Written straight to the database: announce it as the API's writes do, so the cities lists are read anew.
    await noteWrite(app.db);
    const cities = async (query: string) => (await get(`/property/locations/cities${query}`)).json().data;
    const sale = await cities('?type=sale');
    expect(sale).toContain('ערד');
    expect(sale).not.toContain('דימונה');
    expect(sale).not.toContain('ירוחם');
    const rent = await cities('?type=rent');
    expect(rent).toContain('דימונה');
    expect(rent).not.toContain('ערד');
    expect(await cities('')).toEqual(expect.arrayContaining(['ערד', 'דימונה', 'ירוחם']));
    expect((await get('/property/locations/cities?type=sold')).statusCode).toBe(400);
  });
});

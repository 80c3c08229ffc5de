import { PROPERTY_MESSAGES } from '@shared/schemas/property';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { indicators, properties } from '../../db/schema';
import { createProperty, createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { multipart } from './test-helpers';

let app: TestApp;
let admin: string;
let agentId: string;
const count = async () => (await app.db.select().from(properties)).length;
const required: [string, string][] = [
  ['typeTransaction', 'מכירה'],
  ['city', 'חיפה'],
  ['address', 'הרצל 1'],
  ['price', '1500000'],
  ['category', 'דירה'],
];

beforeAll(async () => {
  app = await createTestApp();
  const user = await createUser(app.db, { role: 'admin' });
  admin = await signIn(app, user.email, TEST_PASSWORD);
  agentId = (await createUser(app.db)).id;
});

const create = async (fields: [string, string][]) => {
  const { payload, headers } = await multipart([...required, ...fields]);
  return app.inject({
    method: 'POST',
    url: '/api/v1/property',
    payload,
    headers: { ...headers, cookie: admin },
  });
};
const patch = (id: string, payload: object) =>
  app.inject({ method: 'PATCH', url: `/api/v1/property/${id}`, payload, headers: { cookie: admin } });

async function refusedOnCreate(fields: [string, string][], field: string, message: string) {
  const before = await count();
  const res = await create(fields);
  expect(res.statusCode, `${JSON.stringify(fields)}: ${res.body}`).toBe(400);
  const errors = res.json().fieldErrors as Record<string, string>;
  const key = Object.keys(errors).find((k) => k === field || k.startsWith(`${field}.`));
  expect(key, res.body).toBeDefined();
  expect(errors[key!]).toBe(message);
  expect(await count()).toBe(before);
}

describe('a property holds plausible data only', () => {
  it('refuses a decimal size (the column is whole square metres), on create and on edit', async () => {
    await refusedOnCreate([['size', '100.5']], 'size', PROPERTY_MESSAGES.sizeInvalid);
    const row = await createProperty(app.db);
    const res = await patch(row.id, { size: 100.5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ size: PROPERTY_MESSAGES.sizeInvalid });
    const [after] = await app.db.select().from(properties).where(eq(properties.id, row.id));
    expect(after!.size).toBe(row.size);
  });

  it('takes rooms from 1 to 20 in halves', async () => {
    for (const rooms of ['0', '0.5', '20.5', '3.3', '100'])
      await refusedOnCreate([['rooms', rooms]], 'rooms', PROPERTY_MESSAGES.roomsInvalid);
    const row = await createProperty(app.db);
    for (const rooms of [1, 3.5, 20]) expect((await patch(row.id, { rooms })).statusCode).toBe(200);
  });

  it('takes a floor as a whole number or a known word, stored plainly', async () => {
    for (const floor of ['גבוה', '2.5', '1000', '-6', '3/8'])
      await refusedOnCreate([['floor', floor]], 'floor', PROPERTY_MESSAGES.floorInvalid);
    const row = await createProperty(app.db);
    for (const [sent, stored] of [
      ['קרקע', 'קרקע'],
      ['מרתף', 'מרתף'],
      ['-1', '-1'],
      [' 03 ', '3'],
    ]) {
      const res = await patch(row.id, { floor: sent });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.data.floor).toBe(stored);
    }
    expect((await patch(row.id, { floor: '' })).json().data.data.floor).toBeNull();
  });

  it('takes features and the entry date only from the SPEC lists', async () => {
    await refusedOnCreate([['features', 'בריכה']], 'features', PROPERTY_MESSAGES.featureInvalid);
    await refusedOnCreate([['entryDate', 'בקרוב']], 'entryDate', PROPERTY_MESSAGES.entryDateInvalid);
    await refusedOnCreate([['entryDate', '2027-01-01']], 'entryDate', PROPERTY_MESSAGES.entryDateInvalid);
    const res = await create([
      ['features', 'מעלית'],
      ['features', 'חניה'],
      ['entryDate', 'מידי'],
    ]);
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('numbers written as hex or exponent text are refused, not read', () => {
  it('in the property form', async () => {
    await refusedOnCreate([['size', '0x64']], 'size', PROPERTY_MESSAGES.sizeInvalid);
    await refusedOnCreate([['rooms', '3e0']], 'rooms', PROPERTY_MESSAGES.numberInvalid);
  });

  it('in the search query', async () => {
    for (const query of ['page=0x2', 'minRooms=1e1', 'maxPrice=Infinity', 'pageSize=1e1', 'minPrice=100.5'])
      expect(
        (await app.inject({ url: `/api/v1/property/search?type=sale&${query}` })).statusCode,
        query,
      ).toBe(400);
    expect((await app.inject({ url: '/api/v1/property/search?type=sale&minRooms=2.5' })).statusCode).toBe(
      200,
    );
  });

  it('in a daily status and a month in the path', async () => {
    const before = (await app.db.select().from(indicators)).length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/indicators',
      payload: { agent: [agentId], meetings: '0x10', deals: '1e1' },
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual(['deals', 'meetings']);
    expect((await app.db.select().from(indicators)).length).toBe(before);
    const year = new Date().getFullYear();
    const goal = (month: string) =>
      app.inject({
        url: `/api/v1/goals/getGoalByAgentAndMonth/${agentId}/${year}/${month}`,
        headers: { cookie: admin },
      });
    expect((await goal('0x3')).statusCode).toBe(400);
    expect((await goal('3')).statusCode).toBe(200);
  });
});

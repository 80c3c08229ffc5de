import { UNSAFE_TEXT_MESSAGE } from '@shared/domain/text';
import { beforeAll, describe, expect, it } from 'vitest';
import { leads, properties } from '../db/schema';
import { createUser, TEST_PASSWORD } from '../test/factories';
import { createTestApp, signIn, type TestApp } from '../test/test-app';

let app: TestApp;
let admin: string;
const lead = { name: 'ישראל ישראלי', phone: '050-123-4567', category: 'מוכר' };
const rows = async () => ({
  leads: (await app.db.select().from(leads)).length,
  properties: (await app.db.select().from(properties)).length,
});

beforeAll(async () => {
  app = await createTestApp({ rateLimits: { formsPerIp: { max: 1000, windowMs: 60_000 } } });
  const user = await createUser(app.db, { role: 'admin' });
  admin = await signIn(app, user.email, TEST_PASSWORD);
});

/** A JSON body exactly as a client sends it on the wire (escapes such as \ud800 kept as text). */
const rawJson = (url: string, json: string, cookie?: string) =>
  app.inject({
    method: 'POST',
    url,
    payload: json,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  });

const refused = (res: { statusCode: number; json: () => unknown }, field: string) => {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ code: 'VALIDATION', fieldErrors: { [field]: UNSAFE_TEXT_MESSAGE } });
};

describe('no NUL byte or lone surrogate gets past the input guard', () => {
  it('refuses a NUL byte in a JSON field (the public lead form) and stores nothing', async () => {
    const before = await rows();
    refused(await rawJson('/api/v1/email/send-mail', JSON.stringify({ ...lead, name: 'a\u0000b' })), 'name');
    expect(await rows()).toEqual(before);
  });

  it('refuses a lone surrogate escaped in the JSON text, high or low, in a field or a nested list', async () => {
    const before = await rows();
    const body = (name: string) => `{"name":"${name}","phone":"050-123-4567","category":"מוכר"}`;
    refused(await rawJson('/api/v1/email/send-mail', body('a\\ud800b')), 'name');
    refused(await rawJson('/api/v1/email/send-mail', body('\\udfffx')), 'name');
    refused(await rawJson('/api/v1/email/send-mail', body('x\\ud800')), 'name');
    const nested = '{"name":"x","founders":[{"name":"\\udc00"}]}';
    const settings = await app.inject({
      method: 'PATCH',
      url: '/api/v1/settings',
      payload: nested,
      headers: { 'content-type': 'application/json', cookie: admin },
    });
    refused(settings, 'founders.0.name');
    expect(await rows()).toEqual(before);
  });

  it('never repeats a key that is no field name in its answer', async () => {
    const res = await rawJson(
      '/api/v1/email/send-mail',
      JSON.stringify({ ...lead, name: { '<b>x</b>': 'a\u0000' } }),
    );
    refused(res, 'name');
    expect(res.body).not.toContain('<b>');
    const query = await app.inject({ url: '/api/v1/property/search?type=sale&%3Cb%3E=%00' });
    refused(query, '_');
    expect(query.body).not.toContain('<b>');
  });

  it('accepts a well-formed pair (an emoji escaped as two surrogates)', async () => {
    const res = await rawJson(
      '/api/v1/email/send-mail',
      '{"name":"דני \\ud83d\\ude00","phone":"050-123-4567","category":"מוכר"}',
    );
    expect(res.statusCode).toBe(201);
  });

  it('refuses a NUL byte or a surrogate encoded in the query string', async () => {
    refused(await app.inject({ url: '/api/v1/property/search?type=sale&city=a%00b' }), 'city');
    refused(await app.inject({ url: '/api/v1/property/search?type=sale&city=a%ED%A0%80b' }), 'city');
    refused(await app.inject({ url: '/api/v1/property/locations/streets?city=%ED' }), 'city');
    expect((await app.inject({ url: '/api/v1/property/search?type=sale&city=%D7%97' })).statusCode).toBe(200);
  });

  it('refuses a NUL byte in a path parameter', async () => {
    refused(await app.inject({ url: '/api/v1/reportContact/shared/abc%00def' }), 'token');
  });

  it('refuses a NUL byte in a multipart field of the property form and stores nothing', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      typeTransaction: 'מכירה',
      city: 'חיפה',
      address: 'הרצל\u00001',
      price: '1000000',
      category: 'דירה',
    }))
      form.append(key, value);
    const encoded = new Response(form);
    const before = await rows();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/property',
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')!, cookie: admin },
    });
    refused(res, 'address');
    expect(await rows()).toEqual(before);
  });
});

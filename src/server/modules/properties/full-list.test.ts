import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { properties } from '../../db/schema';
import { createProperty, createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { FULL_LIST_PER_IP } from './full-list';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

const fullList = (ip: string) => app.inject({ url: '/api/v1/property', remoteAddress: ip });

describe('GET /property (the contract full list)', () => {
  it('streams every property once, newest first, as the contract JSON, across batches and equal timestamps', async () => {
    // 1,150 rows sharing one timestamp: the batches of 500 must page by id within it, skipping none.
    const sameMoment = new Date('2026-05-01T10:00:00.123456Z');
    const rows = Array.from({ length: 1_150 }, (_, i) => ({
      typeTransaction: i % 3 === 0 ? 'השכרה' : 'מכירה',
      city: 'חיפה',
      address: `הנביאים ${i + 1}`,
      price: 1_000_000 + i,
      category: 'דירה',
      createdAt: sameMoment,
    }));
    await app.db.insert(properties).values(rows);
    const newest = await createProperty(app.db, {
      address: 'החדש 1',
      createdAt: new Date('2026-06-01T00:00:00Z'),
    });

    const res = await fullList('10.0.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json() as { status: string; data: { data: { _id: string; address: string }[] } };
    expect(body.status).toBe('success');
    const [{ total }] = (await app.db.select({ total: sql<number>`count(*)::int` }).from(properties)) as [
      { total: number },
    ];
    const ids = body.data.data.map((p) => p._id);
    expect(ids.length).toBe(total);
    expect(new Set(ids).size).toBe(total);
    expect(ids[0]).toBe(newest.id);
    expect(body.data.data.some((p) => p.address === 'הנביאים 1150')).toBe(true);
  });

  it('has an ETag: 304 while nothing is written, a new tag and the new list after a write', async () => {
    const first = await fullList('10.0.0.7');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await app.inject({
      url: '/api/v1/property',
      remoteAddress: '10.0.0.7',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const admin = await createUser(app.db, { role: 'admin' });
    const cookie = await signIn(app, admin.email, TEST_PASSWORD);
    const property = await createProperty(app.db, { address: 'המתחדש 3', price: 900_000 });
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/v1/property/${property.id}`,
      payload: { price: 950_000 },
      headers: { cookie },
    });
    expect(patched.statusCode).toBe(200);
    const after = await app.inject({
      url: '/api/v1/property',
      remoteAddress: '10.0.0.7',
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const row = after.json().data.data.find((p: { _id: string }) => p._id === property.id);
    expect(row.price).toBe(950_000);
  });

  it('answers an empty list as valid JSON', async () => {
    const empty = await createTestApp();
    const res = await empty.inject({ url: '/api/v1/property' });
    expect(res.json()).toEqual({ status: 'success', data: { data: [] } });
  });

  it('is limited per client', async () => {
    const statuses = [];
    for (let i = 0; i <= FULL_LIST_PER_IP.max; i++) statuses.push((await fullList('10.0.0.99')).statusCode);
    expect(statuses.slice(0, FULL_LIST_PER_IP.max).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another client is not affected.
    expect((await fullList('10.0.0.100')).statusCode).toBe(200);
  });
});

describe('GET /property/sold (the contract sold list)', () => {
  const soldList = (ip: string, headers: Record<string, string> = {}) =>
    app.inject({ url: '/api/v1/property/sold', remoteAddress: ip, headers });

  it('streams every sold property once, the latest change first, across batches and equal timestamps', async () => {
    // 1,050 sold rows changed at one moment and three at others: the batches of 500 page by id within it.
    const sameMoment = new Date('2026-05-01T10:00:00.123456Z');
    await app.db.insert(properties).values(
      Array.from({ length: 1_050 }, (_, i) => ({
        typeTransaction: i % 3 === 0 ? 'השכרה' : 'מכירה',
        sold: true,
        city: 'עכו',
        address: `הנמל ${i + 1}`,
        price: 800_000 + i,
        category: 'דירה',
        updatedAt: sameMoment,
      })),
    );
    const latest = await createProperty(app.db, { sold: true, updatedAt: new Date('2026-07-01T00:00:00Z') });
    const older = await createProperty(app.db, { sold: true, updatedAt: new Date('2020-01-01T00:00:00Z') });
    await createProperty(app.db, { sold: false, updatedAt: new Date('2026-08-01T00:00:00Z') });

    const res = await soldList('10.0.1.1');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { status: string; data: { data: { _id: string; sold: boolean }[] } };
    expect(body.status).toBe('success');
    const [{ total }] = (await app.db
      .select({ total: sql<number>`count(*)::int` })
      .from(properties)
      .where(sql`${properties.sold}`)) as [{ total: number }];
    const ids = body.data.data.map((p) => p._id);
    expect(ids.length).toBe(total);
    expect(new Set(ids).size).toBe(total);
    expect(body.data.data.every((p) => p.sold)).toBe(true);
    expect(ids[0]).toBe(latest.id);
    expect(ids.at(-1)).toBe(older.id);
    // Within one moment, by id, as the list was always ordered.
    const moment = body.data.data.slice(1, 1_051).map((p) => p._id);
    expect(moment).toEqual([...moment].sort());
  });

  it('has a strong ETag (304 while nothing is written) and is limited per client apart from the full list', async () => {
    const first = await soldList('10.0.1.7');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await soldList('10.0.1.7', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const statuses = [];
    for (let i = 0; i <= FULL_LIST_PER_IP.max; i++) statuses.push((await soldList('10.0.1.99')).statusCode);
    expect(statuses.at(-2)).toBe(200);
    expect(statuses.at(-1)).toBe(429);
    expect((await fullList('10.0.1.99')).statusCode).toBe(200);
  });
});

describe('GET /property/sold served from its cached compressed body', () => {
  const soldList = (headers: Record<string, string> = {}) =>
    app.inject({ url: '/api/v1/property/sold', remoteAddress: '10.0.2.1', headers });
  const decoded = (res: Awaited<ReturnType<typeof soldList>>) => {
    const encoding = res.headers['content-encoding'];
    const raw = res.rawPayload;
    return encoding === 'br'
      ? brotliDecompressSync(raw).toString()
      : encoding === 'gzip'
        ? gunzipSync(raw).toString()
        : raw.toString();
  };

  it('sends the same bytes brotli, gzip or plain under one ETag, and a new body and ETag after a change', async () => {
    const admin = await createUser(app.db, { role: 'admin' });
    const cookie = await signIn(app, admin.email, TEST_PASSWORD);
    const sold = await createProperty(app.db, { sold: true, price: 1_234_567, address: 'המכורה 1' });
    await app.inject({
      method: 'PATCH',
      url: `/api/v1/property/${sold.id}`,
      payload: { price: 1_234_568 },
      headers: { cookie },
    });

    const br = await soldList({ 'accept-encoding': 'br' });
    const gz = await soldList({ 'accept-encoding': 'gzip' });
    const plain = await soldList();
    expect([
      br.headers['content-encoding'],
      gz.headers['content-encoding'],
      plain.headers['content-encoding'],
    ]).toEqual(['br', 'gzip', undefined]);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(br)).toBe(plain.body);
    expect(decoded(gz)).toBe(plain.body);
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(1);
    const etag = plain.headers.etag as string;
    const listed = (res: typeof plain) =>
      (JSON.parse(decoded(res)) as { data: { data: { _id: string; price: number }[] } }).data.data.find(
        (p) => p._id === sold.id,
      );
    expect(listed(plain)?.price).toBe(1_234_568);
    expect((await soldList({ 'if-none-match': etag, 'accept-encoding': 'br' })).statusCode).toBe(304);

    // A change of the property through the API: the next caller gets the new body under a new ETag.
    const changed = await app.inject({
      method: 'PATCH',
      url: `/api/v1/property/${sold.id}`,
      payload: { price: 2_000_000 },
      headers: { cookie },
    });
    expect(changed.statusCode).toBe(200);
    const after = await soldList({ 'if-none-match': etag, 'accept-encoding': 'gzip' });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(listed(after)?.price).toBe(2_000_000);
    // Nothing written since: the new ETag revalidates.
    const kept = await soldList({ 'if-none-match': after.headers.etag as string });
    expect(kept.statusCode).toBe(304);
  });
});

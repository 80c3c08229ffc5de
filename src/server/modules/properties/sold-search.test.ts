import { beforeAll, describe, expect, it } from 'vitest';
import { createProperty } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
const soldSales: string[] = [];
const rented: string[] = [];

/** 8 sold sales and 3 rented rentals, each changed a day after the previous; unsold ones of both kinds. */
beforeAll(async () => {
  app = await createTestApp();
  const day = 86_400_000;
  const at = (i: number) => new Date(Date.UTC(2026, 2, 1) + i * day);
  for (let i = 0; i < 8; i++) {
    soldSales.push(
      (await createProperty(app.db, { sold: true, address: `הזית ${i + 1}`, updatedAt: at(i) })).id,
    );
  }
  for (let i = 0; i < 3; i++) {
    const rent = await createProperty(app.db, {
      typeTransaction: 'השכרה',
      sold: true,
      price: 5_000,
      address: `התאנה ${i + 1}`,
      updatedAt: at(i),
    });
    rented.push(rent.id);
  }
  await createProperty(app.db, { address: 'פנוי 1' });
  await createProperty(app.db, { typeTransaction: 'השכרה', price: 4_000, address: 'פנוי 2' });
});

const page = async (query: string) => {
  const res = await app.inject({ url: `/api/v1/property/search?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as { items: { _id: string; sold: boolean }[]; total: number; totalCapped: boolean };
};

describe('sold lists by page: GET /property/search?sold=true', () => {
  it('pages the sold sales, latest change first', async () => {
    const first = await page('type=sale&sold=true&pageSize=6&page=1');
    const second = await page('type=sale&sold=true&pageSize=6&page=2');
    expect(first.total).toBe(8);
    expect(first.totalCapped).toBe(false);
    expect([...first.items, ...second.items].map((p) => p._id)).toEqual([...soldSales].reverse());
    expect(second.items).toHaveLength(2);
  });

  it('keeps rentals apart: /Rent shows the rented ones', async () => {
    const rent = await page('type=rent&sold=true');
    expect(rent.total).toBe(3);
    expect(rent.items.map((p) => p._id)).toEqual([...rented].reverse());
  });

  it('leaves the ordinary search unsold, and counts the two apart', async () => {
    const unsold = await page('type=sale');
    expect(unsold.items.every((p) => !p.sold)).toBe(true);
    expect(unsold.total).toBe(1);
    expect((await page('type=sale&sold=false')).total).toBe(1);
  });

  it('refuses a sold value other than true or false', async () => {
    const res = await app.inject({ url: '/api/v1/property/search?type=sale&sold=yes' });
    expect(res.statusCode).toBe(400);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { createProperty } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

const get = (url: string) => app.inject({ url: `/api/v1${url}` });
const listIds = async (url: string) =>
  ((await get(url)).json().data.data as { _id: string }[]).map((p) => p._id);

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

  it('includes a property exactly 400,000 above or below, never one 400,001 away', async () => {
    const base = await createProperty(app.db, { city: 'נהריה', price: 1_500_000 });
    const edges = [
      (await createProperty(app.db, { city: 'נהריה', price: 1_100_000 })).id,
      (await createProperty(app.db, { city: 'נהריה', price: 1_900_000 })).id,
    ];
    await createProperty(app.db, { city: 'נהריה', price: 1_099_999 });
    await createProperty(app.db, { city: 'נהריה', price: 1_900_001 });
    expect((await listIds(`/property/${base.id}/similar`)).sort()).toEqual(edges.sort());
  });

  it('in random order, not newest first', async () => {
    const base = await createProperty(app.db, { city: 'עכו', price: 1_000_000 });
    const older = (await createProperty(app.db, { city: 'עכו', price: 1_100_000 })).id;
    const newer = (await createProperty(app.db, { city: 'עכו', price: 1_200_000 })).id;
    const orders = new Set<string>();
    // Two candidates: both orders show up (the chance that 40 random draws all agree is 2 in 10^12).
    for (let i = 0; i < 40 && orders.size < 2; i++) {
      const ids = await listIds(`/property/${base.id}/similar`);
      expect([...ids].sort()).toEqual([older, newer].sort());
      orders.add(ids.join());
    }
    expect(orders.size).toBe(2);
  });
});

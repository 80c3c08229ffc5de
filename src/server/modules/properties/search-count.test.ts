import { propertySearchQuerySchema } from '@shared/schemas/property';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { properties } from '../../db/schema';
import { noteWrite } from '../../plugins/read-cache';
import { createTestApp, type TestApp } from '../../test/test-app';
import { countMatching } from './search-count';
import { searchConditions } from './search-shapes';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

const CITIES = ['צפת', 'טבריה', 'עפולה'] as const;

const insertArb = fc.record({
  kind: fc.constant('insert' as const),
  typeTransaction: fc.constantFrom('מכירה', 'השכרה'),
  city: fc.constantFrom(...CITIES),
  rooms: fc.integer({ min: 1, max: 8 }),
  price: fc.integer({ min: 1, max: 40 }).map((n) => n * 100_000),
  sold: fc.boolean(),
});
const opArb = fc.oneof(
  { weight: 4, arbitrary: insertArb },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('sell' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('reprice' as const), pick: fc.nat(), price: fc.nat(4_000_000) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
);
const queryArb = fc.record(
  {
    type: fc.constantFrom('sale', 'rent'),
    city: fc.constantFrom(...CITIES),
    minRooms: fc.integer({ min: 1, max: 8 }),
    maxPrice: fc.integer({ min: 1, max: 40 }).map((n) => n * 100_000),
  },
  { requiredKeys: ['type'] },
);

type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

async function apply(op: Op) {
  if (op.kind === 'insert') {
    const { kind: _kind, ...values } = op;
    await app.db.insert(properties).values({ ...values, address: 'הגפן 1', category: 'דירה' });
    return;
  }
  const ids = await app.db.select({ id: properties.id }).from(properties).orderBy(properties.id);
  const target = ids[op.pick % Math.max(1, ids.length)]?.id;
  if (!target) return;
  if (op.kind === 'sell')
    await app.db.update(properties).set({ sold: true }).where(eq(properties.id, target));
  if (op.kind === 'reprice')
    await app.db.update(properties).set({ price: op.price }).where(eq(properties.id, target));
  if (op.kind === 'delete') await app.db.delete(properties).where(eq(properties.id, target));
}

describe('search totals', () => {
  it('equal count(*) up to the cap, then say there are more (random inserts, sales, price changes, deletes)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { maxLength: 25 }),
        fc.array(queryArb, { minLength: 1, maxLength: 4 }),
        async (ops, queries) => {
          for (const op of ops) await apply(op);
          noteWrite(app.db); // the rows changed behind the API's back
          for (const raw of queries) {
            const q = propertySearchQuerySchema.parse(raw);
            const where = searchConditions(q);
            const [row] = await app.db
              .select({ n: sql<number>`count(*)::int` })
              .from(properties)
              .where(where);
            const exact = row?.n ?? 0;
            for (const cap of [3, 1_000]) {
              expect(await countMatching(app.db, q, cap)).toEqual({
                total: Math.min(exact, cap),
                totalCapped: exact > cap,
              });
            }
            const res = await app.inject({
              url: `/api/v1/property/search?${new URLSearchParams(
                Object.entries(raw).map(([k, v]) => [k, String(v)]),
              )}`,
            });
            expect(res.json().data).toMatchObject({
              total: Math.min(exact, 1_000),
              totalCapped: exact > 1_000,
            });
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('past the cap: "more than 1,000", and pages that reach the first 1,000 only', async () => {
    const city = 'קצרין';
    await app.db.insert(properties).values(
      Array.from({ length: 1_010 }, (_, i) => ({
        typeTransaction: 'מכירה',
        city,
        address: `הדקל ${i + 1}`,
        price: 900_000 + i,
        category: 'דירה',
      })),
    );
    const search = async (page: number) =>
      (
        await app.inject({
          url: `/api/v1/property/search?type=sale&city=${encodeURIComponent(city)}&page=${page}`,
        })
      ).json().data as { total: number; totalCapped: boolean; items: unknown[] };
    const first = await search(1);
    expect(first).toMatchObject({ total: 1_000, totalCapped: true });
    expect(first.items).toHaveLength(12);
    expect((await search(84)).items).toHaveLength(4); // 83 full pages of 12, then matches 997-1,000
    expect((await search(85)).items).toHaveLength(0);
  });

  it('a page past the last match still gives the total, counted or from the cache', async () => {
    const city = 'מטולה';
    await app.db.insert(properties).values(
      Array.from({ length: 3 }, (_, i) => ({
        typeTransaction: 'השכרה',
        city,
        address: `הגליל ${i + 1}`,
        price: 4_000 + i,
        category: 'דירה',
      })),
    );
    const search = async (page: number) =>
      (
        await app.inject({
          url: `/api/v1/property/search?type=rent&city=${encodeURIComponent(city)}&page=${page}&sort=priceAsc`,
        })
      ).json().data as { total: number; totalCapped: boolean; items: { price: number }[] };
    await noteWrite(app.db);
    // Nothing cached: the page past the end counts alone, then the first page reads the total from the cache.
    expect(await search(2)).toMatchObject({ total: 3, totalCapped: false, items: [] });
    const first = await search(1);
    expect(first).toMatchObject({ total: 3, totalCapped: false });
    expect(first.items.map((p) => p.price)).toEqual([4_000, 4_001, 4_002]);
    // The other way round: the first page counts in its own statement, the page past the end reuses it.
    await noteWrite(app.db);
    expect((await search(1)).items).toHaveLength(3);
    expect(await search(2)).toMatchObject({ total: 3, items: [] });
  });
});

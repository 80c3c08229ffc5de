/**
 * The listings the property benchmarks run on (bench:properties, bench:pages): a database seeded with
 * `count` properties (bench/properties-seed.ts), and a price update as the admin's form sends it, the write
 * interleaved with the reads so the read caches are invalidated as on a real site.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client';
import { seedProperties } from '../properties-seed';

export type Listing = { id: string; sale: boolean; price: number };

const random = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;

/** Seeds a fresh database (PostgreSQL at `databaseUrl`, else PGlite in `dataDir`); its listings. */
export async function seedListings(
  databaseUrl: string | undefined,
  dataDir: string,
  count: number,
): Promise<Listing[]> {
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  await handle.migrate();
  const started = Date.now();
  await seedProperties(handle.db, count);
  const result = (await handle.db.execute(
    sql`select id, type_transaction = 'מכירה' as sale, price from properties`,
  )) as unknown as { rows: Listing[] };
  await handle.close();
  process.stdout.write(
    `seeded ${count} properties and ${count * 3} photos in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  return result.rows;
}

/** A property update as the admin's form sends it: a new price near the old one. */
export function priceUpdater(port: number, cookie: string, listings: Listing[]) {
  return async () => {
    const listing = random(listings);
    const step = listing.sale ? 10_000 : 100;
    const price = Math.max(step, listing.price + step * (Math.floor(Math.random() * 11) - 5));
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/property/${listing.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie, origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify({ price }),
    });
    await res.arrayBuffer();
    return res.ok;
  };
}

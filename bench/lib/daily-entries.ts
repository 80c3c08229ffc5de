/**
 * Daily entries written beside the public reads (bench:properties' cache-hit row): an agent's daily entry
 * changes only the indicators, so the public read caches must keep answering while they are written
 * (docs/decisions/0022-scoped-cache-invalidation.md).
 */
import { israelDate } from '@shared/domain/israel-time';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client';

const DAY = 86_400_000;
const random = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;

/** The seeded agents' ids (read before the server opens the database: PGlite has one owner). */
export async function agentIdsOf(databaseUrl: string | undefined, dataDir: string): Promise<string[]> {
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  const result = (await handle.db.execute(sql`select id from users where role = 'agent'`)) as unknown as {
    rows: { id: string }[];
  };
  await handle.close();
  return result.rows.map((r) => r.id);
}

/** The Israel working days (Sunday to Thursday) of the last year. */
function workingDays(): string[] {
  const days: string[] = [];
  for (let t = Date.now(); t > Date.now() - 365 * DAY; t -= DAY) {
    const day = israelDate(new Date(t));
    if (new Date(`${day}T00:00:00Z`).getUTCDay() <= 4) days.push(day);
  }
  return days;
}

/**
 * A daily entry as the daily-entry form sends it (POST /indicators, admin), for a random agent and one of
 * `days` (by default the last year's working days). With several admins' cookies the writes take turns, so a
 * long run stays under the per-person write limit (INDICATOR_WRITES_PER_USER) and every write lands.
 */
export function dailyEntryWriter(
  port: number,
  cookies: string | string[],
  agentIds: string[],
  days = workingDays(),
) {
  const small = () => Math.floor(Math.random() * 4);
  const turn = Array.isArray(cookies) ? cookies : [cookies];
  let n = 0;
  return async () => {
    const cookie = turn[n++ % turn.length]!;
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/indicators`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify({
        agent: random(agentIds),
        createdAt: random(days),
        meetings: small(),
        exclusives: small(),
        priceUpdates: small(),
        buyerTours: small(),
        priceOffers: small(),
        deals: 0,
      }),
    });
    await res.arrayBuffer();
    return res.ok;
  };
}

/**
 * `count` more network admins who only write daily entries, with the password of the admin named by `like`
 * (read before the server opens the database: PGlite has one owner). Returns their e-mails.
 */
export async function addEntryWriters(
  databaseUrl: string | undefined,
  dataDir: string,
  like: string,
  count: number,
): Promise<string[]> {
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  const prefix = like.replace(/@.*/, '');
  const emails = Array.from({ length: count }, (_, i) => `${prefix}-writer-${i + 1}@example.com`);
  for (const email of emails) {
    await handle.db.execute(sql`insert into users (name, email, role, network_access, password_hash, branch_id)
      select 'כותבת דיווחים', ${email}, role, network_access, password_hash, branch_id from users where email = ${like}`);
  }
  await handle.close();
  return emails;
}

/**
 * The network the network benchmarks run on (bench:network, bench:network-load; issues 29, 33 and 40): branches,
 * agents spread over them, listings, contacts with their leads, a month of daily entries and this month's goal
 * for every agent. The people who sign in (all with BENCH_PASSWORD): `<prefix>-network@example.com` (a network
 * admin), `<prefix>-manager@example.com` (the first branch's manager) and `<prefix>-agent-<n>@example.com`.
 */
import { israelYearMonth } from '@shared/domain/israel-calendar';
import { LEAD_STATUSES } from '@shared/domain/pipeline';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client';
import { branches, contacts, goals, indicators, leads, properties, users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/modules/users';

export const BENCH_PASSWORD = 'bench-password-1';
const PASSWORD = BENCH_PASSWORD;
const DAY = 86_400_000;
const HOUR = 3_600_000;

export type SeededNetwork = {
  branchIds: string[];
  /** In the order seeded: agent n is in branch n modulo the branch count. */
  agents: { id: string; branchId: string }[];
  agentIds: string[];
};

export type NetworkSize = { branches: number; agents: number; properties: number; leads: number };

/** Seeds one database: branches, agents spread over them, listings, contacts with leads, entries and goals. */
export async function seedNetwork(
  databaseUrl: string | undefined,
  dataDir: string,
  size: NetworkSize,
  prefix: string,
): Promise<SeededNetwork> {
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  await handle.migrate();
  const { db } = handle;
  const started = Date.now();
  const passwordHash = await hashPassword(PASSWORD);
  const [first] = await db.select({ id: branches.id }).from(branches).limit(1);
  const more =
    size.branches > 1
      ? await db
          .insert(branches)
          .values(
            Array.from({ length: size.branches - 1 }, (_, i) => ({
              name: `סניף ${i + 2}`,
              slug: `branch-${i + 2}`,
              city: `עיר ${i + 2}`,
            })),
          )
          .returning({ id: branches.id })
      : [];
  const branchIds = [first!.id, ...more.map((b) => b.id)];
  // The people who sign in: a network admin, a manager of the first branch and its first agent.
  await db.insert(users).values([
    {
      name: 'מנהלת הרשת',
      email: `${prefix}-network@example.com`,
      role: 'admin',
      networkAccess: true,
      passwordHash,
      branchId: branchIds[0]!,
    },
    {
      name: 'מנהל הסניף',
      email: `${prefix}-manager@example.com`,
      role: 'admin',
      networkAccess: false,
      passwordHash,
      branchId: branchIds[0]!,
    },
  ]);
  const agents: { id: string; branchId: string }[] = [];
  for (let i = 0; i < size.agents; i += 500) {
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(500, size.agents - i) }, (_, j) => ({
          name: `סוכן ${i + j + 1}`,
          email: `${prefix}-agent-${i + j + 1}@example.com`,
          role: 'agent' as const,
          passwordHash,
          branchId: branchIds[(i + j) % branchIds.length]!,
        })),
      )
      .returning({ id: users.id, branchId: users.branchId });
    agents.push(...rows);
  }
  const listings: { id: string; branchId: string }[] = [];
  for (let i = 0; i < size.properties; i += 1_000) {
    const rows = await db
      .insert(properties)
      .values(
        Array.from({ length: Math.min(1_000, size.properties - i) }, (_, j) => {
          const agent = agents[(i + j) % agents.length]!;
          return {
            typeTransaction: (i + j) % 3 === 0 ? 'השכרה' : 'מכירה',
            sold: (i + j) % 5 === 0,
            city: ['חיפה', 'תל אביב', 'ירושלים', 'באר שבע'][(i + j) % 4]!,
            address: `הרחוב ${i + j + 1}`,
            price: 900_000 + (i + j) * 1_000,
            category: 'דירה',
            agentId: agent.id,
            branchId: agent.branchId,
          };
        }),
      )
      .returning({ id: properties.id, branchId: properties.branchId });
    listings.push(...rows);
  }
  // Deterministic pseudo-random spread, so runs are comparable.
  let state = 41;
  const rand = (max: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % max;
  };
  const now = Date.now();
  for (let i = 0; i < size.leads; i += 2_000) {
    const n = Math.min(2_000, size.leads - i);
    const owners = Array.from({ length: n }, () => agents[rand(agents.length)]!);
    const contactRows = await db
      .insert(contacts)
      .values(
        owners.map((owner, j) => {
          const phone = `05${String(10_000_000 + i + j).padStart(8, '0')}`;
          return { name: `פונה ${i + j + 1}`, phone, phoneKey: phone.slice(1), branchId: owner.branchId };
        }),
      )
      .returning({ id: contacts.id });
    await db.insert(leads).values(
      contactRows.map((contact, j) => {
        const owner = owners[j]!;
        const createdAt = new Date(now - rand(730) * DAY - rand(DAY));
        const listing = listings[rand(listings.length)]!;
        const status = LEAD_STATUSES[rand(LEAD_STATUSES.length)]!;
        // Answered leads have their first contact: within hours mostly, within three days for one in four, as
        // the dashboards' response times read them.
        const answeredAfter = rand(4) === 0 ? rand(3 * DAY) : rand(4 * HOUR);
        const firstContactAt =
          status === 'new' ? null : new Date(Math.min(now, createdAt.getTime() + answeredAfter));
        return {
          contactId: contact.id,
          name: `פונה ${i + j + 1}`,
          phone: '0500000000',
          category: 'קונה',
          source: 'homeForm' as const,
          propertyId: listing.branchId === owner.branchId && rand(4) !== 0 ? listing.id : null,
          ownerId: owner.id,
          branchId: owner.branchId,
          status,
          createdAt,
          firstContactAt,
          updatedAt: new Date(createdAt.getTime() + rand(30) * DAY),
        };
      }),
    );
  }
  // A month of daily entries and this month's goal for every agent (the performance tables and scoreboard).
  const { year, month } = israelYearMonth();
  for (let i = 0; i < agents.length; i += 200) {
    const slice = agents.slice(i, i + 200);
    await db.insert(indicators).values(
      slice.flatMap((agent) =>
        Array.from({ length: 8 }, (_, d) => ({
          agentId: agent.id,
          createdAt: new Date(now - d * 3 * DAY),
          meetings: rand(3),
          buyerTours: rand(3),
          priceOffers: rand(2),
          deals: rand(8) === 0 ? 1 : 0,
        })),
      ),
    );
    await db
      .insert(goals)
      .values(slice.map((agent) => ({ agentId: agent.id, year, month, meetings: 20, deals: 2 })));
  }
  // Fresh planner statistics, as autovacuum keeps them on a server (PGlite has no autovacuum).
  await db.execute(sql`analyze`);
  await handle.close();
  process.stdout.write(
    `seeded ${prefix}: ${size.branches} branches, ${size.agents} agents, ${size.properties.toLocaleString('en')} properties, ${size.leads.toLocaleString('en')} leads in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  return { branchIds, agents, agentIds: agents.map((a) => a.id) };
}

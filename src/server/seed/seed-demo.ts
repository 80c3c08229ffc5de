import { publicPointOf } from '@shared/domain/geo';
import { israelDate } from '@shared/domain/israel-time';
import { shownOnSiteByDefault, worksAsAgent } from '@shared/domain/roles';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../db/client';
import { branches, goals, indicators, properties, propertyImages, reportContacts, users } from '../db/schema';
import { runExclusive } from '../lib/job-lock';
import { processImage } from '../modules/images';
import { DEFAULT_SETTINGS, saveSettings } from '../modules/settings';
import { hashPassword } from '../modules/users';
import type { Storage } from '../storage/storage';
import { DEMO_BRANCHES, type DemoBranchKey } from './demo/branches';
import { demoListings } from './demo/listings';
import { DEMO_PASSWORD, DEMO_PEOPLE } from './demo/people';
import { portraitPicture, prng } from './demo/pictures';
import { listingPicture } from './demo/rooms';
import { seedDemoAlerts } from './demo-alerts';
import { seedDemoPipeline } from './demo-pipeline';

const DAY = 86_400_000;

/**
 * Seeds the demo agency when the database has no user yet; returns whether it seeded. Processes that start
 * together take turns (the 'demo-seed' lock): the first seeds, the others wait for it and find its users.
 */
export function seedDemoOnce(handle: DatabaseHandle, storage: Storage, log?: FastifyBaseLogger) {
  return runExclusive(handle, 'demo-seed', () => seedDemoIfEmpty(handle.db, storage, log));
}

/** Seeds the demo agency when the database has no user yet; returns whether it seeded. */
export async function seedDemoIfEmpty(
  db: Database,
  storage: Storage,
  log?: FastifyBaseLogger,
): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if ((row?.count ?? 0) > 0) return false;
  log?.info('new database: seeding the demo agency');
  await seedDemo(db, storage);
  log?.info('demo agency ready (admin@example.com / demo1234)');
  return true;
}

/**
 * The three demo branches: the branch the migration made (the oldest, the head office) takes the Tel Aviv
 * office's details; Herzliya and the Haifa franchise are added. Returns each one's id.
 */
async function seedDemoBranches(db: Database): Promise<Record<DemoBranchKey, string>> {
  const { cities: _headCities, ...head } = DEMO_BRANCHES.telAviv;
  const [first] = await db.select({ id: branches.id }).from(branches).orderBy(branches.createdAt).limit(1);
  const ids = {} as Record<DemoBranchKey, string>;
  if (first) {
    await db.update(branches).set(head).where(eq(branches.id, first.id));
    ids.telAviv = first.id;
  } else {
    const [row] = await db.insert(branches).values(head).returning({ id: branches.id });
    ids.telAviv = row!.id;
  }
  for (const key of ['herzliya', 'haifa'] as const) {
    const { cities: _cities, ...branch } = DEMO_BRANCHES[key];
    const [row] = await db.insert(branches).values(branch).returning({ id: branches.id });
    ids[key] = row!.id;
  }
  return ids;
}

export async function seedDemo(db: Database, storage: Storage): Promise<void> {
  await saveSettings(db, DEFAULT_SETTINGS);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const branchIds = await seedDemoBranches(db);

  const team = [];
  for (const [index, person] of DEMO_PEOPLE.entries()) {
    const portrait = await processImage(storage, await portraitPicture(index), 'users');
    const [user] = await db
      .insert(users)
      .values({
        name: person.name,
        email: person.email,
        phoneNumber: person.phone,
        role: person.role,
        branchId: branchIds[person.branch],
        networkAccess: person.networkAccess ?? false,
        companyRole: person.companyRole,
        gender: person.gender,
        aboutMe: person.aboutMe,
        image: storage.url(portrait.variants[1]!.key),
        showOnSite: shownOnSiteByDefault(person),
        passwordHash,
      })
      .returning();
    team.push(user!);
  }
  const fieldAgents = team.filter((u) => worksAsAgent(u));
  // Each listing is held by the agents of the branch that covers its city, in turn.
  const agentsOfCity = (city: string) => {
    const key = (Object.keys(DEMO_BRANCHES) as DemoBranchKey[]).find((k) =>
      DEMO_BRANCHES[k].cities.includes(city),
    );
    const own = fieldAgents.filter((u) => key && u.branchId === branchIds[key]);
    return own.length > 0 ? own : fieldAgents;
  };

  const rand = prng(7);
  const listings = demoListings();
  // A generator of their own for the public points, so the figures drawn after them stay as they were.
  const offsets = prng(61);
  const created = [];
  for (const [i, listing] of listings.entries()) {
    const { imageCount, ...fields } = listing;
    // The public point, drawn once as the property API draws it (docs/decisions/0061).
    const shown = publicPointOf({ lat: fields.lat, lng: fields.lng }, offsets);
    const local = agentsOfCity(fields.city);
    const agent = local[i % local.length]!;
    const second = i % 3 === 0 && local.length > 1 ? local[(i + 1) % local.length] : undefined;
    const [property] = await db
      .insert(properties)
      .values({
        ...fields,
        agentId: agent.id,
        agentSecendId: second?.id ?? null,
        publicLat: shown.lat,
        publicLng: shown.lng,
        createdAt: new Date(Date.now() - i * DAY),
      })
      .returning();
    for (let p = 0; p < imageCount; p++) {
      const image = await processImage(
        storage,
        await listingPicture(i * 10, p, 1200, 800),
        `properties/${property!.id}`,
      );
      await db.insert(propertyImages).values({ propertyId: property!.id, position: p, ...image });
    }
    created.push(property!);
  }

  const days = Array.from({ length: 92 }, (_, k) => israelDate(new Date(Date.now() - k * DAY)));
  const workDays = days.filter((d) => new Date(`${d}T00:00:00Z`).getUTCDay() <= 4);
  const count = (max: number) => Math.floor(rand() * (max + 1));
  await db.insert(indicators).values(
    fieldAgents.flatMap((agent) =>
      workDays
        .filter(() => rand() > 0.25)
        .map((day) => ({
          agentId: agent.id,
          meetings: count(4),
          exclusives: count(1),
          priceUpdates: count(2),
          buyerTours: count(3),
          priceOffers: count(2),
          deals: rand() > 0.9 ? 1 : 0,
          createdAt: new Date(`${day}T10:00:00Z`),
        })),
    ),
  );

  const months = [0, 1, 2].map((back) => {
    const [y, m] = israelDate().split('-').map(Number) as [number, number];
    const index = y * 12 + (m - 1) - back;
    return { year: Math.floor(index / 12), month: (index % 12) + 1 };
  });
  await db.insert(goals).values(
    fieldAgents.flatMap((agent) =>
      months.map(({ year, month }) => ({
        agentId: agent.id,
        year,
        month,
        meetings: 40,
        exclusives: 6,
        priceUpdates: 15,
        buyerTours: 25,
        priceOffers: 12,
        deals: 2,
      })),
    ),
  );

  const exclusives = created.filter((p) => p.exclusive && p.agentId);
  const weeks = Array.from({ length: 12 }, (_, w) => israelDate(new Date(Date.now() - (w * 7 + 1) * DAY)));
  const clients = ['משפחת כהן', 'משפחת לוי', 'אורית ודני', 'משפחת אזולאי', 'גב׳ פרידמן'];
  await db.insert(reportContacts).values(
    exclusives.flatMap((property, i) =>
      weeks.map((statusDate) => ({
        agentId: property.agentId!,
        propertyId: property.id,
        clientName: clients[i % clients.length]!,
        exclusiveProperty: property.address,
        visits: count(5),
        views: 20 + count(200),
        inquiries: count(8),
        statusDate,
        note: rand() > 0.5 ? 'הנכס מעורר עניין, מתוכנן סיור נוסף בשבוע הבא.' : '',
      })),
    ),
  );

  await seedDemoPipeline(db, team, created);
  await seedDemoAlerts(db, created);
}

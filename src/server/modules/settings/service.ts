import { type AgencySettings, agencySettingsSchema } from '@shared/schemas/settings';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agencySettings } from '../../db/schema';
import { scopes } from '../../plugins/cache-scopes';
import { noteWrite, ReadCache } from '../../plugins/read-cache';
import { DEFAULT_SETTINGS } from './defaults';

/**
 * The settings are read by many requests (working days, mail addresses, the public settings) and change
 * rarely; reading and validating them costs ~3 ms on PGlite, so they are kept for 10 s. A save, in this
 * process or another on the same database, invalidates them before it is answered.
 */
const cache = new ReadCache<AgencySettings>({
  name: 'settings',
  ttlMs: 10_000,
  maxEntries: 10,
  reads: () => [scopes.settings],
});

async function readSettings(db: Database): Promise<AgencySettings> {
  const [row] = await db.select().from(agencySettings).where(eq(agencySettings.id, 1)).limit(1);
  if (!row) return DEFAULT_SETTINGS;
  const parsed = agencySettingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...row.data });
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

/** The agency settings; the object is shared between requests, so callers copy instead of mutating it. */
export function getSettings(db: Database): Promise<AgencySettings> {
  return cache.get(db, 'settings', () => readSettings(db));
}

/**
 * The agency settings read inside the caller's transaction, uncached: a transaction holds PGlite's only
 * connection, so the cached read (on the database handle) would wait for it forever.
 */
export function settingsInTransaction(tx: Parameters<Parameters<Database['transaction']>[0]>[0]) {
  return readSettings(tx as unknown as Database);
}

export async function saveSettings(db: Database, settings: AgencySettings): Promise<void> {
  await db
    .insert(agencySettings)
    .values({ id: 1, data: settings })
    .onConflictDoUpdate({ target: agencySettings.id, set: { data: settings, updatedAt: new Date() } });
  await noteWrite(db, [scopes.settings]);
}

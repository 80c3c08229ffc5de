import { type AgencySettings, agencySettingsSchema } from '@shared/schemas/settings';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agencySettings } from '../../db/schema';
import { DEFAULT_SETTINGS } from './defaults';

export async function getSettings(db: Database): Promise<AgencySettings> {
  const [row] = await db.select().from(agencySettings).where(eq(agencySettings.id, 1)).limit(1);
  if (!row) return DEFAULT_SETTINGS;
  const parsed = agencySettingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...row.data });
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

export async function saveSettings(db: Database, settings: AgencySettings): Promise<void> {
  await db
    .insert(agencySettings)
    .values({ id: 1, data: settings })
    .onConflictDoUpdate({ target: agencySettings.id, set: { data: settings, updatedAt: new Date() } });
}

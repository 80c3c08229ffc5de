import { minutesOfClock, type OfficeHours } from '@shared/domain/office-clock';
import { DEFAULT_LEAD_SETTINGS, type LeadSettings, leadSettingsSchema } from '@shared/schemas/lead-settings';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { leadSettings } from '../../../db/schema';
import type { Transaction } from '../../mail';
import { getSettings } from '../../settings';

type Reader = Database | Transaction;

/** The pipeline settings as stored, with the defaults for whatever was never set (or no longer reads right). */
export async function readLeadSettings(db: Reader): Promise<LeadSettings> {
  const [row] = await db.select().from(leadSettings).where(eq(leadSettings.id, 1)).limit(1);
  if (!row) return DEFAULT_LEAD_SETTINGS;
  const merged = {
    rules: row.rules ?? DEFAULT_LEAD_SETTINGS.rules,
    cityAgents: row.cityAgents ?? DEFAULT_LEAD_SETTINGS.cityAgents,
    slaMinutes: row.slaMinutes ?? DEFAULT_LEAD_SETTINGS.slaMinutes,
    officeHours: {
      opens: row.officeOpens ?? DEFAULT_LEAD_SETTINGS.officeHours.opens,
      closes: row.officeCloses ?? DEFAULT_LEAD_SETTINGS.officeHours.closes,
    },
  };
  const parsed = leadSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_LEAD_SETTINGS;
}

export async function saveLeadSettings(db: Reader, settings: LeadSettings): Promise<void> {
  const values = {
    rules: settings.rules,
    cityAgents: settings.cityAgents,
    slaMinutes: settings.slaMinutes,
    officeOpens: settings.officeHours.opens,
    officeCloses: settings.officeHours.closes,
    updatedAt: new Date(),
  };
  await db
    .insert(leadSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: leadSettings.id, set: values });
}

/** The office hours of the settings in minutes after midnight (the office clock's form). */
/** The office's hours from the lead settings, with the agency's holiday setting (working-days.ts). */
export const officeHoursOf = (settings: LeadSettings, excludeHolidays: boolean): OfficeHours => ({
  opens: minutesOfClock(settings.officeHours.opens),
  closes: minutesOfClock(settings.officeHours.closes),
  excludeHolidays,
});

/** The lead settings and the office hours they give, read together. */
export async function readOfficeHours(db: Database): Promise<{ settings: LeadSettings; hours: OfficeHours }> {
  const [settings, agency] = await Promise.all([readLeadSettings(db), getSettings(db)]);
  return { settings, hours: officeHoursOf(settings, agency.excludeHolidays) };
}

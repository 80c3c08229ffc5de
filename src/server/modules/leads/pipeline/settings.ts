import { minutesOfClock, type OfficeHours } from '@shared/domain/office-clock';
import {
  DEFAULT_LEAD_SETTINGS,
  type LeadSettings,
  leadSettingsSchema,
  normalizeCity,
} from '@shared/schemas/lead-settings';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { branchCities, branches, branchLeadSettings, leadSettings } from '../../../db/schema';
import type { Transaction } from '../../mail';
import { getSettings } from '../../settings';

type Reader = Database | Transaction;

type SettingsColumns = {
  rules: LeadSettings['rules'] | null;
  cityAgents: LeadSettings['cityAgents'] | null;
  slaMinutes: number | null;
  officeOpens: string | null;
  officeCloses: string | null;
};

/** Stored settings with `fallback` for whatever was never set (or no longer reads right). */
function settingsOfRow(row: SettingsColumns, fallback: LeadSettings): LeadSettings {
  const merged = {
    rules: row.rules ?? fallback.rules,
    cityAgents: row.cityAgents ?? fallback.cityAgents,
    slaMinutes: row.slaMinutes ?? fallback.slaMinutes,
    officeHours: {
      opens: row.officeOpens ?? fallback.officeHours.opens,
      closes: row.officeCloses ?? fallback.officeHours.closes,
    },
  };
  const parsed = leadSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : fallback;
}

/** The pipeline settings as stored, with the defaults for whatever was never set (or no longer reads right). */
export async function readLeadSettings(db: Reader): Promise<LeadSettings> {
  const [row] = await db.select().from(leadSettings).where(eq(leadSettings.id, 1)).limit(1);
  return row ? settingsOfRow(row, DEFAULT_LEAD_SETTINGS) : DEFAULT_LEAD_SETTINGS;
}

/**
 * The settings of the branches that set their own (docs/decisions/0047-routing-per-branch.md), by branch id;
 * a branch missing here routes by the network's settings (`network`).
 */
export async function readOwnBranchSettings(db: Reader, network: LeadSettings) {
  const rows = await db.select().from(branchLeadSettings).where(eq(branchLeadSettings.own, true));
  return new Map(rows.map((row) => [row.branchId, settingsOfRow(row, network)]));
}

/** A branch's settings in force: its own when it set them, else the network's. */
export async function readBranchLeadSettings(
  db: Reader,
  branchId: string,
): Promise<{ settings: LeadSettings; own: boolean }> {
  const network = await readLeadSettings(db);
  const [row] = await db
    .select()
    .from(branchLeadSettings)
    .where(eq(branchLeadSettings.branchId, branchId))
    .limit(1);
  return row?.own ? { settings: settingsOfRow(row, network), own: true } : { settings: network, own: false };
}

/** The cities a branch covers, in the order of the alphabet. */
export async function readBranchCities(db: Reader, branchId: string): Promise<string[]> {
  const rows = await db
    .select({ city: branchCities.city })
    .from(branchCities)
    .where(eq(branchCities.branchId, branchId));
  return rows.map((r) => r.city).sort((a, b) => a.localeCompare(b, 'he'));
}

/** The active branch that covers a city, if any. */
export async function branchOfCity(db: Reader, city: string) {
  const [row] = await db
    .select({ id: branches.id, name: branches.name })
    .from(branchCities)
    .innerJoin(branches, eq(branches.id, branchCities.branchId))
    .where(and(eq(branchCities.city, normalizeCity(city)), eq(branches.active, true)))
    .limit(1);
  return row ?? null;
}

const columnsOf = (settings: LeadSettings) => ({
  rules: settings.rules,
  cityAgents: settings.cityAgents,
  slaMinutes: settings.slaMinutes,
  officeOpens: settings.officeHours.opens,
  officeCloses: settings.officeHours.closes,
});

export async function saveLeadSettings(db: Reader, settings: LeadSettings): Promise<void> {
  const values = { ...columnsOf(settings), updatedAt: new Date() };
  await db
    .insert(leadSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: leadSettings.id, set: values });
}

/** A branch's own settings, or (null) back to the network's; its round robin's position is kept. */
export async function saveBranchLeadSettings(
  db: Reader,
  branchId: string,
  own: LeadSettings | null,
): Promise<void> {
  const values = own
    ? { own: true, ...columnsOf(own), updatedAt: new Date() }
    : {
        own: false,
        rules: null,
        cityAgents: null,
        slaMinutes: null,
        officeOpens: null,
        officeCloses: null,
        updatedAt: new Date(),
      };
  await db
    .insert(branchLeadSettings)
    .values({ branchId, ...values })
    .onConflictDoUpdate({ target: branchLeadSettings.branchId, set: values });
}

/** The office hours of the settings in minutes after midnight (the office clock's form). */
/** The office's hours from the lead settings, with the agency's holiday setting (working-days.ts). */
export const officeHoursOf = (settings: LeadSettings, excludeHolidays: boolean): OfficeHours => ({
  opens: minutesOfClock(settings.officeHours.opens),
  closes: minutesOfClock(settings.officeHours.closes),
  excludeHolidays,
});

/**
 * The lead settings and the office hours they give, read together: a branch's (its own, else the network's)
 * when one is named, else the network's.
 */
export async function readOfficeHours(
  db: Database,
  branchId?: string | null,
): Promise<{ settings: LeadSettings; hours: OfficeHours }> {
  const [settings, agency] = await Promise.all([
    branchId ? readBranchLeadSettings(db, branchId).then((b) => b.settings) : readLeadSettings(db),
    getSettings(db),
  ]);
  return { settings, hours: officeHoursOf(settings, agency.excludeHolidays) };
}

/**
 * Every branch's office hours at once, for a job that counts office time on rows of many branches (the viewing
 * requests' escalation): a branch's own settings when it set them, else the network's.
 */
export async function readOfficeHoursByBranch(db: Database): Promise<(branchId: string) => OfficeHours> {
  const { settings, hours } = await readOfficeHours(db);
  const own = await readOwnBranchSettings(db, settings);
  const excludeHolidays = hours.excludeHolidays ?? true;
  return (branchId) => {
    const branch = own.get(branchId);
    return branch ? officeHoursOf(branch, excludeHolidays) : hours;
  };
}

import type { SharedReport, SharedWeek } from '@shared/schemas/report-share';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { propertyWithCoverImage } from '../properties';
import { getSettings } from '../settings';
import { viewingFeedback } from '../viewings';
import { findShareByToken } from './shares-service';

type WeekRow = {
  week_start: string;
  reports: number;
  visits: number;
  views: number;
  inquiries: number;
  notes: string[] | null;
};

/**
 * Per-week totals of the property's reports in the period. Weeks start on Sunday, as the Israeli work week
 * does; status_date is already an Israel calendar date.
 */
async function weeklyTotals(
  db: Database,
  share: {
    propertyId: string | null;
    agentId: string;
    propertyAddress: string;
    periodFrom: string;
    periodTo: string;
  },
): Promise<SharedWeek[]> {
  const ofProperty = share.propertyId
    ? sql`(property_id = ${share.propertyId} or (property_id is null and exclusive_property = ${share.propertyAddress} and agent_id = ${share.agentId}))`
    : sql`(exclusive_property = ${share.propertyAddress} and agent_id = ${share.agentId})`;
  const result = await db.execute<WeekRow>(sql`
    select to_char(status_date - extract(dow from status_date)::int, 'YYYY-MM-DD') as week_start,
           count(*)::int as reports,
           sum(visits)::int as visits,
           sum(views)::int as views,
           sum(inquiries)::int as inquiries,
           array_agg(note order by status_date) filter (where note <> '') as notes
      from report_contacts
     where ${ofProperty}
       and status_date between ${share.periodFrom} and ${share.periodTo}
     group by 1
     order by 1`);
  return result.rows.map((row) => ({
    weekStart: row.week_start,
    reports: Number(row.reports),
    visits: Number(row.visits),
    views: Number(row.views),
    inquiries: Number(row.inquiries),
    notes: row.notes ?? [],
  }));
}

/** Everything a seller's link shows; throws 404/410 for a bad, expired or revoked token. */
export async function sharedReport(
  db: Database,
  storage: Storage,
  token: string,
): Promise<Omit<SharedReport, 'url'>> {
  const share = await findShareByToken(db, token);
  const [settings, property, weeks, agentRows, viewings] = await Promise.all([
    getSettings(db),
    share.propertyId ? propertyWithCoverImage(db, storage, share.propertyId) : undefined,
    weeklyTotals(db, share),
    db
      .select({ name: users.name, phone: users.phoneNumber, gender: users.gender })
      .from(users)
      .where(eq(users.id, share.agentId))
      .limit(1),
    // What visitors thought of the viewings in the period (never who they were): read fresh, never cached.
    share.propertyId ? viewingFeedback(db, share.propertyId, share.periodFrom, share.periodTo) : [],
  ]);
  const agent = agentRows[0];
  const totals = weeks.reduce(
    (sum, w) => ({
      visits: sum.visits + w.visits,
      views: sum.views + w.views,
      inquiries: sum.inquiries + w.inquiries,
    }),
    { visits: 0, views: 0, inquiries: 0 },
  );
  return {
    agency: {
      agencyName: settings.agencyName,
      phone: settings.phone,
      email: settings.email,
      address: settings.address,
      city: settings.city,
      whatsappPhone: settings.whatsappPhone,
    },
    agent: { name: agent?.name ?? '', phone_number: agent?.phone ?? '', gender: agent?.gender ?? 'male' },
    property: {
      address: property?.address ?? share.propertyAddress,
      city: property?.city ?? '',
      category: property?.category ?? '',
      typeTransaction: property?.typeTransaction ?? '',
      image: property?.image ?? null,
    },
    from: share.periodFrom,
    to: share.periodTo,
    expiresAt: share.expiresAt.toISOString(),
    weeks,
    totals,
    viewings,
  };
}

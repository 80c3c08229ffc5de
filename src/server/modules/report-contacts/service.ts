import type { BranchScope } from '@shared/domain/branch-scope';
import { israelDate } from '@shared/domain/israel-time';
import {
  type CreateReportContact,
  RECOMMENDED_MONTHLY_REPORTS,
  type ReportContact,
} from '@shared/schemas/report-contact';
import { and, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reportContacts, users } from '../../db/schema';
import type { SessionUser } from '../../plugins/session';
import { inBranchScope } from '../branches';
import { actingAgent, findAgentProperty } from './access';

const reportColumns = {
  id: reportContacts.id,
  agentId: reportContacts.agentId,
  agentName: users.name,
  propertyId: reportContacts.propertyId,
  clientName: reportContacts.clientName,
  exclusiveProperty: reportContacts.exclusiveProperty,
  visits: reportContacts.visits,
  views: reportContacts.views,
  inquiries: reportContacts.inquiries,
  statusDate: reportContacts.statusDate,
  note: reportContacts.note,
  createdAt: reportContacts.createdAt,
};

type ReportRow = Omit<ReportContact, '_id' | 'agent' | 'createdAt'> & {
  id: string;
  agentId: string;
  createdAt: Date;
};

function toReportContact(row: ReportRow): ReportContact {
  return {
    _id: row.id,
    agent: row.agentId,
    agentName: row.agentName,
    propertyId: row.propertyId,
    clientName: row.clientName,
    exclusiveProperty: row.exclusiveProperty,
    visits: row.visits,
    views: row.views,
    inquiries: row.inquiries,
    statusDate: row.statusDate,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Reports matching `where`, newest status date first. */
async function selectReports(db: Database, where: SQL | undefined): Promise<ReportContact[]> {
  const rows = await db
    .select(reportColumns)
    .from(reportContacts)
    .innerJoin(users, eq(users.id, reportContacts.agentId))
    .where(where)
    .orderBy(desc(reportContacts.statusDate), desc(reportContacts.createdAt));
  return rows.map(toReportContact);
}

export async function createReportContact(
  db: Database,
  user: SessionUser,
  input: CreateReportContact,
): Promise<ReportContact> {
  const agent = await actingAgent(db, user, input.agent, 'field');
  const property = await findAgentProperty(
    db,
    agent.id,
    input.exclusiveProperty,
    input.propertyId,
    'exclusiveProperty',
  );
  const [row] = await db
    .insert(reportContacts)
    .values({
      agentId: agent.id,
      propertyId: property.id,
      clientName: input.clientName,
      exclusiveProperty: property.address,
      visits: input.visits,
      views: input.views,
      inquiries: input.inquiries,
      // The default is today's date in Israel, not the server's UTC date.
      statusDate: input.statusDate ?? israelDate(),
      note: input.note,
    })
    .returning();
  return toReportContact({ ...row!, agentName: agent.name });
}

/** Reports of agents of the scope's branch (every report for the whole network). */
const ofScope = (db: Database, scope: BranchScope) =>
  scope.all
    ? undefined
    : inArray(
        reportContacts.agentId,
        db.select({ id: users.id }).from(users).where(inBranchScope(scope, users.branchId)),
      );

export const listAllReports = (db: Database, scope: BranchScope) => selectReports(db, ofScope(db, scope));

export const listAgentReports = (db: Database, agentId: string) =>
  selectReports(db, eq(reportContacts.agentId, agentId));

/** An admin sees every report at the address; an agent only its own. */
export const listPropertyReports = (db: Database, user: SessionUser, address: string) =>
  selectReports(
    db,
    user.role === 'admin'
      ? and(eq(reportContacts.exclusiveProperty, address), ofScope(db, user.branchScope))
      : and(eq(reportContacts.exclusiveProperty, address), eq(reportContacts.agentId, user.id)),
  );

/** First day of the month after `month` (YYYY-MM), as YYYY-MM-DD. */
export function nextMonthStart(month: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const next = mon === 12 ? { y: year + 1, m: 1 } : { y: year, m: mon + 1 };
  return `${next.y}-${String(next.m).padStart(2, '0')}-01`;
}

/**
 * The agent's reports of one calendar month (optionally one address). status_date is a calendar date in
 * Israel, so a plain date range gives Israel-time month boundaries without any time-zone arithmetic.
 */
export async function monthlyReport(db: Database, agentId: string, month: string, address?: string) {
  const conditions = [
    eq(reportContacts.agentId, agentId),
    gte(reportContacts.statusDate, `${month}-01`),
    lt(reportContacts.statusDate, nextMonthStart(month)),
  ];
  if (address) conditions.push(eq(reportContacts.exclusiveProperty, address));
  const statuses = await selectReports(db, and(...conditions));
  return { reportCount: statuses.length, recommendedCount: RECOMMENDED_MONTHLY_REPORTS, statuses };
}

import { metricOfActivity, pointsOfActivity } from '@shared/domain/activities';
import { addDays, israelMidnight } from '@shared/domain/israel-calendar';
import { israelDate } from '@shared/domain/israel-time';
import type { OfficeHours } from '@shared/domain/office-clock';
import { addOfficeMinutes, officeMinutesBetween } from '@shared/domain/office-clock';
import { CLOSED_STATUSES, isOverdue, LEAD_STATUSES, type LeadStatus } from '@shared/domain/pipeline';
import {
  type Activity,
  BOARD_COLUMN_LIMIT,
  LEAD_COUNT_CAP,
  type LeadDetail,
  type LeadListQuery,
  type LeadSummary,
} from '@shared/schemas/pipeline';
import { PIPELINE_MESSAGES } from '@shared/schemas/pipeline-fields';
import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  lt,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { branches, contacts, indicators, leadActivities, leads, properties, users } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import type { SessionUser } from '../../../plugins/session';
import { assertInScope, inBranchScope } from '../../branches';
import { beyond, type Cursor, decodeCursor, exactTime, pageOf, readOrder } from './keyset';
import { readOfficeHours } from './settings';
import { assertReadable, listScope, mayReadLead } from './visibility';

export type LeadRow = typeof leads.$inferSelect;

/** A lead the viewer may work on: its owner or an admin (404 when there is none, 403 when not its own). */
export async function leadForViewer(db: Database, viewer: SessionUser, id: string): Promise<LeadRow> {
  const [lead] = await db.select().from(leads).where(eq(leads.id, id)).limit(1);
  if (lead) assertInScope(viewer.branchScope, lead.branchId, PIPELINE_MESSAGES.leadNotFound);
  return assertReadable(viewer, lead);
}

const owner = aliasedTable(users, 'owner');

function selectSummaries(db: Database) {
  return db
    .select({
      lead: leads,
      property: { id: properties.id, address: properties.address, city: properties.city },
      owner: { id: owner.id, name: owner.name, gender: owner.gender },
      branch: { id: branches.id, name: branches.name, slug: branches.slug },
    })
    .from(leads)
    .innerJoin(branches, eq(branches.id, leads.branchId))
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .leftJoin(owner, eq(owner.id, leads.ownerId));
}

/** The same rows with their keyset position in a list ordered by `column` (./keyset.ts). */
function selectKeyedSummaries(db: Database, column: typeof leads.createdAt | typeof leads.updatedAt) {
  return db
    .select({
      lead: leads,
      property: { id: properties.id, address: properties.address, city: properties.city },
      owner: { id: owner.id, name: owner.name, gender: owner.gender },
      branch: { id: branches.id, name: branches.name, slug: branches.slug },
      key: { at: exactTime(column), id: leads.id },
    })
    .from(leads)
    .innerJoin(branches, eq(branches.id, leads.branchId))
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .leftJoin(owner, eq(owner.id, leads.ownerId));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['execute']>>[number];

/** Office minutes from arrival to the first contact (whole minutes); null until then. */
export const responseMinutesOf = (lead: Pick<LeadRow, 'createdAt' | 'firstContactAt'>, hours: OfficeHours) =>
  lead.firstContactAt ? Math.round(officeMinutesBetween(lead.createdAt, lead.firstContactAt, hours)) : null;

function toSummary(
  { lead, property, owner, branch }: SummaryRow,
  hours: OfficeHours,
  now: Date,
): LeadSummary {
  return {
    _id: lead.id,
    contactId: lead.contactId,
    name: lead.name,
    phone: lead.phone,
    source: lead.source,
    category: lead.category,
    status: lead.status,
    property: property?.id ? { _id: property.id, address: property.address, city: property.city } : null,
    message: lead.message,
    owner: owner?.id ? { _id: owner.id, name: owner.name, gender: owner.gender } : null,
    branch: { _id: branch.id, name: branch.name, slug: branch.slug },
    nextTouchAt: lead.nextTouchAt?.toISOString() ?? null,
    overdue: isOverdue(lead, now),
    escalated: lead.escalatedAt !== null,
    routingReason: lead.routingReason,
    lossReason: lead.lossReason ?? null,
    lossText: lead.lossText ?? null,
    firstContactAt: lead.firstContactAt?.toISOString() ?? null,
    responseMinutes: responseMinutesOf(lead, hours),
    createdAt: lead.createdAt.toISOString(),
    updatedAt: lead.updatedAt.toISOString(),
  };
}

const isOpen = notInArray(leads.status, [...CLOSED_STATUSES]);
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export type LeadFilters = Omit<LeadListQuery, 'cursor' | 'pageSize'>;

/** The WHERE of the table's filters (the viewer's scope included). */
export function filterWhere(viewer: SessionUser, filters: LeadFilters, now: Date): SQL | undefined {
  const where: (SQL | undefined)[] = [
    inBranchScope(viewer.branchScope, leads.branchId),
    listScope(viewer, filters.ownerId),
  ];
  if (filters.status) where.push(eq(leads.status, filters.status));
  if (filters.source) where.push(eq(leads.source, filters.source));
  if (filters.overdue) where.push(and(isOpen, isNotNull(leads.nextTouchAt), lt(leads.nextTouchAt, now)));
  if (filters.from) where.push(gte(leads.createdAt, israelMidnight(filters.from)));
  if (filters.to) where.push(lt(leads.createdAt, israelMidnight(addDays(filters.to, 1))));
  if (filters.q) {
    const text = `%${escapeLike(filters.q)}%`;
    const digits = filters.q.replace(/\D/g, '');
    where.push(
      or(
        ilike(leads.name, text),
        ilike(leads.phone, text),
        digits.length >= 3 ? ilike(contacts.phoneKey, `%${digits.replace(/^0/, '')}%`) : undefined,
      ),
    );
  }
  return and(...where);
}

/** Office hours of a branch's (its own, else the network's: decision 0047); without one, the network's. */
async function hoursOf(db: Database, branchId?: string | null) {
  return (await readOfficeHours(db, branchId)).hours;
}

/** The branch of a viewer with one branch in scope (null for the network). */
const scopeBranch = (viewer: SessionUser) => (viewer.branchScope.all ? null : viewer.branchScope.branchId);

/** Only a search by name or phone reads the contact (its phone key). */
const needsContacts = (filters: LeadFilters) => Boolean(filters.q);

/**
 * The table: a keyset page of leads, newest first (docs/decisions/0039-lists-by-keyset.md), the number that
 * match counted up to LEAD_COUNT_CAP, and (admins) the people of their branches for the owner filter.
 */
export async function listLeads(db: Database, viewer: SessionUser, query: LeadListQuery, now = new Date()) {
  const where = filterWhere(viewer, query, now);
  const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const hours = await hoursOf(db, scopeBranch(viewer));
  const page = selectKeyedSummaries(db, leads.createdAt);
  const read = await (needsContacts(query)
    ? page.innerJoin(contacts, eq(contacts.id, leads.contactId))
    : page
  )
    .where(and(where, cursor ? beyond(leads.createdAt, cursor) : undefined))
    .orderBy(...readOrder(leads.createdAt, cursor?.dir ?? 'next'))
    .limit(query.pageSize + 1);
  const { rows, nextCursor, prevCursor } = pageOf(read, query.pageSize, cursor);
  const matching = db.select({ one: sql`1` }).from(leads);
  const capped = (
    needsContacts(query) ? matching.innerJoin(contacts, eq(contacts.id, leads.contactId)) : matching
  )
    .where(where)
    .limit(LEAD_COUNT_CAP + 1)
    .as('capped');
  const [counted] = await db.select({ n: count() }).from(capped);
  const total = counted?.n ?? 0;
  const owners =
    viewer.role === 'admin'
      ? await db
          .select({ _id: users.id, name: users.name })
          .from(users)
          .where(inBranchScope(viewer.branchScope, users.branchId))
          .orderBy(asc(users.name), asc(users.id))
      : [];
  return {
    leads: rows.map((row) => toSummary(row, hours, now)),
    total: Math.min(total, LEAD_COUNT_CAP),
    totalCapped: total > LEAD_COUNT_CAP,
    pageSize: query.pageSize,
    nextCursor,
    prevCursor,
    owners,
  };
}

/** Rows for the CSV export (the same filters, at most `limit`). */
export async function exportRows(db: Database, where: SQL | undefined, limit: number, now = new Date()) {
  const hours = await hoursOf(db);
  const rows = await selectSummaries(db)
    .innerJoin(contacts, eq(contacts.id, leads.contactId))
    .where(where)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit);
  return rows.map((row) => toSummary(row, hours, now));
}

/** Summaries of leads by id, in the given order. */
export async function summariesOf(
  db: Database,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  now: Date,
) {
  const hours = await hoursOf(db);
  const rows = await selectSummaries(db)
    .where(where)
    .orderBy(...order)
    .limit(limit);
  return rows.map((row) => toSummary(row, hours, now));
}

type BoardFilter = { ownerId?: string; source?: LeadSummary['source'] };

const boardScope = (viewer: SessionUser, query: BoardFilter) =>
  and(
    inBranchScope(viewer.branchScope, leads.branchId),
    listScope(viewer, query.ownerId),
    query.source ? eq(leads.source, query.source) : undefined,
  );

/** One column's cards after `cursor` (none: its first ones), the latest change first, and where the next start. */
async function columnPage(
  db: Database,
  scope: SQL | undefined,
  status: LeadStatus,
  cursor: Cursor | undefined,
  hours: OfficeHours,
  now: Date,
) {
  const read = await selectKeyedSummaries(db, leads.updatedAt)
    .where(and(scope, eq(leads.status, status), cursor ? beyond(leads.updatedAt, cursor) : undefined))
    .orderBy(...readOrder(leads.updatedAt, 'next'))
    .limit(BOARD_COLUMN_LIMIT + 1);
  const { rows, nextCursor } = pageOf(read, BOARD_COLUMN_LIMIT, cursor);
  return { status, leads: rows.map((row) => toSummary(row, hours, now)), nextCursor };
}

/**
 * The board: a column per status (in LEAD_STATUSES order), the latest change first, each with its first
 * BOARD_COLUMN_LIMIT cards, its exact total and where its next cards start (boardColumn).
 */
export async function board(db: Database, viewer: SessionUser, query: BoardFilter, now = new Date()) {
  const scope = boardScope(viewer, query);
  const hours = await hoursOf(db, scopeBranch(viewer));
  const totals = await db
    .select({ status: leads.status, n: count() })
    .from(leads)
    .where(scope)
    .groupBy(leads.status);
  const columns = await Promise.all(
    LEAD_STATUSES.map(async (status) => ({
      ...(await columnPage(db, scope, status, undefined, hours, now)),
      total: totals.find((t) => t.status === status)?.n ?? 0,
    })),
  );
  return { columns };
}

/** The next cards of one column of the board ("טעינת עוד"), after the cursor its last answer gave. */
export async function boardColumn(
  db: Database,
  viewer: SessionUser,
  query: BoardFilter & { status: LeadStatus; cursor: string },
  now = new Date(),
) {
  const scope = boardScope(viewer, query);
  const cursor = decodeCursor(query.cursor);
  if (cursor.dir !== 'next')
    throw badRequest(PIPELINE_MESSAGES.badCursor, { cursor: PIPELINE_MESSAGES.badCursor });
  return columnPage(db, scope, query.status, cursor, await hoursOf(db, scopeBranch(viewer)), now);
}

/** The agent's day: new leads not yet contacted, overdue next touches, and the rest of today's next touches. */
export async function myDay(
  db: Database,
  viewer: SessionUser,
  ownerId: string | undefined,
  now = new Date(),
) {
  const mine = and(
    listScope(viewer, ownerId ?? viewer.id),
    inBranchScope(viewer.branchScope, leads.branchId),
  );
  const tomorrow = israelMidnight(addDays(israelDate(now), 1));
  const limit = 200;
  return {
    newLeads: await summariesOf(
      db,
      and(mine, eq(leads.status, 'new')),
      [desc(leads.createdAt), desc(leads.id)],
      limit,
      now,
    ),
    overdue: await summariesOf(
      db,
      and(mine, isOpen, lt(leads.nextTouchAt, now)),
      [asc(leads.nextTouchAt), asc(leads.id)],
      limit,
      now,
    ),
    today: await summariesOf(
      db,
      and(mine, isOpen, gte(leads.nextTouchAt, now), lt(leads.nextTouchAt, tomorrow)),
      [asc(leads.nextTouchAt), asc(leads.id)],
      limit,
      now,
    ),
  };
}

const agentOf = aliasedTable(users, 'activity_agent');
const secondOf = aliasedTable(users, 'activity_second');
const creatorOf = aliasedTable(users, 'activity_creator');

/** Timeline entries (newest first) with their people and indicator rows. */
export async function activitiesWhere(db: Database, where: SQL | undefined): Promise<Activity[]> {
  const rows = await db
    .select({
      activity: leadActivities,
      agent: { id: agentOf.id, name: agentOf.name },
      second: { id: secondOf.id, name: secondOf.name },
      creator: { id: creatorOf.id, name: creatorOf.name },
      indicatorId: indicators.id,
      branch: { id: branches.id, name: branches.name, slug: branches.slug },
    })
    .from(leadActivities)
    .innerJoin(branches, eq(branches.id, leadActivities.branchId))
    .leftJoin(agentOf, eq(agentOf.id, leadActivities.agentId))
    .leftJoin(secondOf, eq(secondOf.id, leadActivities.secondAgentId))
    .leftJoin(creatorOf, eq(creatorOf.id, leadActivities.createdBy))
    .leftJoin(indicators, eq(indicators.activityId, leadActivities.id))
    .where(where)
    .orderBy(desc(leadActivities.occurredAt), desc(leadActivities.createdAt), desc(leadActivities.id));
  return rows.map(({ activity: a, agent, second, creator, indicatorId, branch }) => {
    const person = (p: { id: string | null; name: string | null } | null) =>
      p?.id ? { _id: p.id, name: p.name ?? '' } : null;
    const shares: Activity['shares'] = [];
    if (a.kind === 'deal' && a.commission !== null) {
      const secondPart = second?.id ? (a.secondAgentCommission ?? 0) : 0;
      if (agent?.id) shares.push({ agent: person(agent)!, amount: a.commission - secondPart });
      if (second?.id) shares.push({ agent: person(second)!, amount: secondPart });
    }
    return {
      _id: a.id,
      leadId: a.leadId,
      kind: a.kind,
      agent: person(agent),
      occurredAt: a.occurredAt.toISOString(),
      note: a.note,
      amount: a.amount,
      price: a.price,
      commission: a.commission,
      buyerSideFee: a.buyerSideFee,
      buyerSideFeeIncludesVat: a.buyerSideFeeIncludesVat,
      sellerSideFee: a.sellerSideFee,
      sellerSideFeeIncludesVat: a.sellerSideFeeIncludesVat,
      shares,
      fromStatus: a.fromStatus ?? null,
      toStatus: a.toStatus ?? null,
      metric: metricOfActivity(a.kind),
      points: pointsOfActivity(a.kind),
      indicatorId: indicatorId ?? null,
      createdBy: person(creator),
      branch: { _id: branch.id, name: branch.name, slug: branch.slug },
      createdAt: a.createdAt.toISOString(),
    };
  });
}

/**
 * The lead page: the lead, its contact, the contact's leads the viewer reads in full with their whole timeline,
 * and of the others only their status and owner (./visibility.ts).
 */
export async function leadDetail(
  db: Database,
  viewer: SessionUser,
  id: string,
  now = new Date(),
): Promise<LeadDetail> {
  const lead = await leadForViewer(db, viewer, id);
  const { settings, hours } = await readOfficeHours(db, lead.branchId);
  const [row] = await selectSummaries(db).where(eq(leads.id, lead.id));
  const [filed] = await db
    .select({ contact: contacts, branch: { id: branches.id, name: branches.name, slug: branches.slug } })
    .from(contacts)
    .innerJoin(branches, eq(branches.id, contacts.branchId))
    .where(eq(contacts.id, lead.contactId));
  const contact = filed?.contact;
  const contactLeadRows = await selectSummaries(db)
    .where(and(eq(leads.contactId, lead.contactId), inBranchScope(viewer.branchScope, leads.branchId)))
    .orderBy(desc(leads.createdAt), desc(leads.id));
  const readable = contactLeadRows.filter((r) => mayReadLead(viewer, r.lead));
  const ofOthers = contactLeadRows.filter((r) => !mayReadLead(viewer, r.lead));
  return {
    ...toSummary(row!, hours, now),
    message: lead.message,
    valuation: lead.valuation ?? null,
    // The response clock's deadline while a new lead waits for its first contact (the branch's target and hours).
    respondBy:
      lead.firstContactAt === null && lead.status === 'new'
        ? addOfficeMinutes(lead.createdAt, settings.slaMinutes, hours).toISOString()
        : null,
    contact: {
      _id: contact!.id,
      name: contact!.name,
      phone: contact!.phone,
      branch: { _id: filed!.branch.id, name: filed!.branch.name, slug: filed!.branch.slug },
      createdAt: contact!.createdAt.toISOString(),
    },
    contactLeads: readable.map((r) => toSummary(r, hours, now)),
    othersLeads: ofOthers.map(({ lead: other, owner }) => ({
      status: other.status,
      owner: owner?.id ? { _id: owner.id, name: owner.name, gender: owner.gender } : null,
    })),
    timeline: await activitiesWhere(
      db,
      inArray(
        leadActivities.leadId,
        readable.map((r) => r.lead.id),
      ),
    ),
  };
}

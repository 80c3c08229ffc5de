import { formatDate } from '@shared/domain/israel-time';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog, branches, goals, indicators, leads, properties, users } from '../../db/schema';

type Row = typeof auditLog.$inferSelect;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Fields whose values are user ids: shown as names. */
const USER_ID_FIELDS = ['agentId', 'agentSecendId', 'actorId', 'ownerId'] as const;
/** Fields whose values are property ids: shown as the property's address. */
const PROPERTY_ID_FIELDS = ['propertyId'] as const;
/** Fields whose values are branch ids (also inside a recorded referral): shown as the branch's name. */
const BRANCH_ID_FIELDS = ['branchId', 'toBranchId'] as const;

const isId = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
const idsOf = (rows: Row[], entity: Row['entity']) => [
  ...new Set(rows.filter((r) => r.entity === entity && isId(r.entityId)).map((r) => r.entityId!)),
];
/** A field's value before the change, or after it when it was created. */
const recorded = (row: Row, field: string) => row.changes[field]?.before ?? row.changes[field]?.after;
/** The ids a page's changes hold in the given fields (user ids, property ids). */
const idsIn = (rows: Row[], fields: readonly string[]) =>
  rows.flatMap((row) =>
    fields.flatMap((field) => [row.changes[field]?.before, row.changes[field]?.after].filter(isId)),
  );
const place = (address: unknown, city: unknown) =>
  typeof address === 'string' && address ? [address, city].filter(Boolean).join(', ') : null;

/**
 * What each entry is about, in words (the user's name, the property's address, 'agent · month' of a goal,
 * 'agent · day' of a daily status), and the names of every user id its changes mention.
 */
export async function describeEntries(db: Database, rows: Row[]) {
  const referredTo = (value: unknown) =>
    value && typeof value === 'object' ? (value as Record<string, unknown>).toBranchId : undefined;
  const branchIds = [
    ...new Set([
      ...idsIn(rows, BRANCH_ID_FIELDS),
      ...rows.flatMap((row) => [row.changes.referral?.before, row.changes.referral?.after].map(referredTo)),
    ]),
  ].filter(isId);
  const [goalRows, indicatorRows, propertyRows, leadRows, branchRows] = await Promise.all([
    lookup(idsOf(rows, 'goal'), (ids) =>
      db
        .select({ id: goals.id, agentId: goals.agentId, year: goals.year, month: goals.month })
        .from(goals)
        .where(inArray(goals.id, ids)),
    ),
    lookup(idsOf(rows, 'indicator'), (ids) =>
      db
        .select({ id: indicators.id, agentId: indicators.agentId, createdAt: indicators.createdAt })
        .from(indicators)
        .where(inArray(indicators.id, ids)),
    ),
    lookup([...new Set([...idsOf(rows, 'property'), ...idsIn(rows, PROPERTY_ID_FIELDS)])], (ids) =>
      db
        .select({ id: properties.id, address: properties.address, city: properties.city })
        .from(properties)
        .where(inArray(properties.id, ids)),
    ),
    // A lead reads as its contact's name and its property ('דנה כהן · הרצל 7, חיפה').
    lookup(idsOf(rows, 'lead'), (ids) =>
      db
        .select({ id: leads.id, name: leads.name, address: properties.address, city: properties.city })
        .from(leads)
        .leftJoin(properties, eq(properties.id, leads.propertyId))
        .where(inArray(leads.id, ids)),
    ),
    lookup(branchIds, (ids) =>
      db.select({ id: branches.id, name: branches.name }).from(branches).where(inArray(branches.id, ids)),
    ),
  ]);
  const leadById = new Map(leadRows.map((l) => [l.id, l]));
  const goalById = new Map(goalRows.map((g) => [g.id, g]));
  const indicatorById = new Map(indicatorRows.map((i) => [i.id, i]));
  const propertyById = new Map(propertyRows.map((p) => [p.id, p]));
  const addressOfGone = await addressesOfDeleted(
    db,
    [...idsOf(rows, 'property'), ...idsIn(rows, PROPERTY_ID_FIELDS)].filter((id) => !propertyById.has(id)),
  );

  const userIds = new Set<string>();
  for (const row of rows) {
    if (row.entity === 'user' && isId(row.entityId)) userIds.add(row.entityId);
    for (const field of USER_ID_FIELDS)
      for (const value of [row.changes[field]?.before, row.changes[field]?.after])
        if (isId(value)) userIds.add(value);
  }
  for (const item of [...goalRows, ...indicatorRows]) userIds.add(item.agentId);
  const userRows = await lookup([...userIds], (ids) =>
    db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)),
  );
  const names: Record<string, string> = Object.fromEntries([
    ...userRows.map((u) => [u.id, u.name]),
    ...branchRows.map((b) => [b.id, b.name]),
  ]);
  // A property id a change mentions reads as its address (kept by its own entries once it is deleted).
  for (const id of idsIn(rows, PROPERTY_ID_FIELDS)) {
    const p = propertyById.get(id);
    const address = p ? place(p.address, p.city) : addressOfGone.get(id);
    if (address) names[id] = address;
  }

  const subjectOf = (row: Row): string | null => {
    const id = row.entityId ?? '';
    if (row.entity === 'user') return names[id] ?? null;
    if (row.entity === 'property') {
      const p = propertyById.get(id);
      if (p) return place(p.address, p.city);
      return place(recorded(row, 'address'), recorded(row, 'city')) ?? addressOfGone.get(id) ?? null;
    }
    if (row.entity === 'lead') {
      const l = leadById.get(id);
      return l ? [l.name, place(l.address, l.city)].filter(Boolean).join(' · ') : null;
    }
    if (row.entity === 'goal') {
      const g = goalById.get(id);
      const agentId = g?.agentId ?? recorded(row, 'agentId');
      const year = g?.year ?? recorded(row, 'year');
      const month = g?.month ?? recorded(row, 'month');
      const agent = isId(agentId) ? names[agentId] : undefined;
      return agent && year && month ? `${agent} · ${month}/${year}` : (agent ?? null);
    }
    if (row.entity === 'indicator') {
      const i = indicatorById.get(id);
      const agentId = i?.agentId ?? recorded(row, 'agentId');
      const day = i?.createdAt ?? recorded(row, 'createdAt');
      const agent = isId(agentId) ? names[agentId] : undefined;
      const date = day instanceof Date || typeof day === 'string' ? formatDay(day) : undefined;
      return agent && date ? `${agent} · ${date}` : (agent ?? null);
    }
    return null;
  };
  return { names, subjectOf };
}

function formatDay(day: Date | string) {
  const instant = day instanceof Date ? day : new Date(day);
  return Number.isNaN(instant.getTime()) ? undefined : formatDate(instant);
}

/**
 * The address of each deleted property, from its own create or delete entry (each records the whole row), so
 * an entry that changed only its photos still names it.
 */
async function addressesOfDeleted(db: Database, ids: string[]): Promise<Map<string, string>> {
  const entries = await lookup([...new Set(ids)], (some) =>
    db
      .select({ entityId: auditLog.entityId, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'property'), inArray(auditLog.entityId, some))),
  );
  const found = new Map<string, string>();
  for (const entry of entries) {
    const address = place(
      entry.changes.address?.before ?? entry.changes.address?.after,
      entry.changes.city?.before ?? entry.changes.city?.after,
    );
    if (address && entry.entityId) found.set(entry.entityId, address);
  }
  return found;
}

async function lookup<T>(ids: string[], query: (ids: string[]) => Promise<T[]>): Promise<T[]> {
  return ids.length ? query(ids) : [];
}

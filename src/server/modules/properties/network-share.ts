import { seesBranch } from '@shared/domain/branch-scope';
import {
  NETWORK_SHARE_MESSAGES,
  type PropertyNetwork,
  type StaffProperty,
  type StaffPropertyListQuery,
  sharedPropertyMark,
} from '@shared/schemas/network-share';
import { PROPERTY_MESSAGES, searchTypeToTransaction } from '@shared/schemas/property';
import { and, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog, branches, properties, users } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import type { Storage } from '../../storage/storage';
import { inBranchScope } from '../branches';
import { propertyOwnerFor } from '../orders';
import { contactEmailColumns, type PropertyRow as JoinedRow, joinedPage, toProperty } from './queries';

/**
 * Sharing a property with the network (docs/decisions/0052-sharing-a-property-with-the-network.md): its own
 * branch shares it; other branches' staff then see it in their staff list and buyer matches, read-only, with its
 * branch and agent to call instead of its owner. An unshared property of another branch stays not found.
 */

type PropertyRow = typeof properties.$inferSelect;

/** Who may switch the sharing: the property's agents, its branch's managers, network admins. */
const mayShare = (viewer: SessionUser, row: PropertyRow) =>
  seesBranch(viewer.branchScope, row.branchId) &&
  (viewer.role === 'admin' || row.agentId === viewer.id || row.agentSecendId === viewer.id);

async function findRow(db: Database, id: string, forUpdate = false) {
  const query = db.select().from(properties).where(eq(properties.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(PROPERTY_MESSAGES.notFound);
  return row;
}

/**
 * Shares the property with the network or stops sharing it, and records who did (an agent's switch too: the
 * audit log names every change of the sharing). Another branch's property is not found, even a shared one; a
 * colleague who is not its agent is refused (403).
 */
export async function setNetworkShare(db: Database, viewer: SessionUser, id: string, shared: boolean) {
  await db.transaction(async (tx) => {
    const row = await findRow(tx as Database, id, true);
    if (!seesBranch(viewer.branchScope, row.branchId)) throw notFound(PROPERTY_MESSAGES.notFound);
    if (!mayShare(viewer, row)) throw forbidden(NETWORK_SHARE_MESSAGES.notYours);
    if (row.sharedWithNetwork === shared) return;
    await tx.update(properties).set({ sharedWithNetwork: shared }).where(eq(properties.id, id));
    await tx.insert(auditLog).values({
      actorId: viewer.id,
      actorName: viewer.name,
      entity: 'property',
      entityId: id,
      action: 'update',
      changes: { sharedWithNetwork: { before: row.sharedWithNetwork, after: shared } },
    });
  });
}

/**
 * The property's place in the network for a staff member: its own branch's staff (and network admins) read
 * whether it is shared, whether they may switch it and its owner's details when they may read its order; another
 * branch reads a shared one with its mark and whom to call, never its owner; an unshared one is not found.
 */
export async function propertyNetwork(
  db: Database,
  viewer: SessionUser,
  id: string,
): Promise<PropertyNetwork> {
  const row = await findRow(db, id);
  const own = seesBranch(viewer.branchScope, row.branchId);
  if (!own && !row.sharedWithNetwork) throw notFound(PROPERTY_MESSAGES.notFound);
  const [branch] = await db
    .select({ _id: branches.id, name: branches.name, phone: branches.phone, email: branches.email })
    .from(branches)
    .where(eq(branches.id, row.branchId));
  const [agent] = row.agentId
    ? await db
        .select({ _id: users.id, name: users.name, phone: users.phoneNumber, email: users.email })
        .from(users)
        .where(eq(users.id, row.agentId))
    : [];
  return {
    propertyId: row.id,
    shared: row.sharedWithNetwork,
    own,
    mayShare: mayShare(viewer, row),
    mark: own ? null : sharedPropertyMark(branch!.name),
    contact: { branch: branch!, agent: agent ?? null },
    owner: own ? await propertyOwnerFor(db, viewer, row.id) : null,
  };
}

/** The staff list's rows: the scope's own listings, other branches' shared ones still on the market, or both. */
function staffWhere(viewer: SessionUser, which: StaffPropertyListQuery['which']): SQL | undefined {
  const scope = viewer.branchScope;
  const sharedOthers = and(
    eq(properties.sharedWithNetwork, true),
    eq(properties.sold, false),
    scope.all ? undefined : ne(properties.branchId, scope.branchId),
  );
  if (which === 'own') return inBranchScope(scope, properties.branchId);
  if (which === 'shared') return sharedOthers;
  return scope.all ? undefined : or(eq(properties.branchId, scope.branchId), sharedOthers);
}

/**
 * The staff list (`GET /property/staff`), newest first: each listing with whether it is the viewer's own, for
 * another branch's shared one its mark, and whom to call about it (its office and its agent). The answer is the
 * public listing's and those contacts, never an owner's details.
 */
export async function listStaffProperties(
  db: Database,
  storage: Storage,
  viewer: SessionUser,
  query: StaffPropertyListQuery,
) {
  const where = and(
    staffWhere(viewer, query.which),
    query.type ? eq(properties.typeTransaction, searchTypeToTransaction(query.type)) : undefined,
  );
  const rows = (await joinedPage(db, {
    where: where ?? sql`true`,
    orderBy: [sql`${properties.createdAt} desc`, sql`${properties.id} desc`],
    limit: query.pageSize + 1,
    offset: (query.page - 1) * query.pageSize,
    extra: contactEmailColumns,
  })) as (JoinedRow & { branchEmail: string; agentEmail: string | null })[];
  const items: StaffProperty[] = rows.slice(0, query.pageSize).map((r) => {
    const own = seesBranch(viewer.branchScope, r.row.branchId);
    return {
      property: toProperty(r, storage),
      shared: r.row.sharedWithNetwork,
      own,
      mark: own ? null : sharedPropertyMark(r.branchName),
      // Whom to call, as the property's own network answer names them: the office and the listing's agent
      // (even one the public site does not show), never its owner.
      contact: {
        branch: { _id: r.row.branchId, name: r.branchName, phone: r.branchPhone, email: r.branchEmail },
        agent: r.agentId
          ? { _id: r.agentId, name: r.agentName ?? '', phone: r.agentPhone ?? '', email: r.agentEmail ?? '' }
          : null,
      },
    };
  });
  return { items, page: query.page, pageSize: query.pageSize, more: rows.length > query.pageSize };
}

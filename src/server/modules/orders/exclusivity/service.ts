import { TRANSACTION_OF_SIDE } from '@shared/domain/brokerage-order';
import {
  EXCLUSIVITY_MESSAGES,
  type ExclusivityNotice,
  overlapMessage,
  termRefusal,
  thirdOfTermDate,
} from '@shared/domain/exclusivity';
import { israelDate } from '@shared/domain/israel-time';
import type {
  CreateExclusivity,
  Exclusivity,
  ExclusivityAction,
  LogAction,
} from '@shared/schemas/exclusivities';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { brokerageOrders, exclusivityActions, exclusivityNotices, users } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import type { SessionUser } from '../../../plugins/session';
import { assertInScope, inBranchScope } from '../../branches';
import { type OrderRow, visibleOrders } from '../access';
import { orderContent, propertyAddress, propertyInScope, toOrders } from '../service';
import { overlappingExclusivity, replacedChain } from './overlap';

const ofProperty = (propertyId: string): SQL =>
  sql`${brokerageOrders.properties} @> ${JSON.stringify([{ propertyId }])}::jsonb`;

const isExclusivity = eq(brokerageOrders.kind, 'exclusivity');

/** The property an exclusivity is of (it lists exactly one of ours). */
export const propertyOf = (row: Pick<OrderRow, 'properties'>) => row.properties[0]?.propertyId ?? '';

/** May the viewer act on this property's exclusivity: an admin in scope, or one of the property's agents. */
const actsForProperty = (viewer: SessionUser, p: { agentId: string | null; agentSecendId: string | null }) =>
  viewer.role === 'admin' || p.agentId === viewer.id || p.agentSecendId === viewer.id;

/**
 * Issues an exclusivity for one property of ours: the client's details, broker and fee as on an order, the
 * term (refused beyond 6 months for a dwelling, 12 otherwise, on the end field) and the committed actions. One
 * insert: nothing is stored when anything is refused.
 */
export async function createExclusivity(
  db: Database,
  viewer: SessionUser,
  input: CreateExclusivity,
): Promise<string> {
  const property = await propertyInScope(db, viewer, input.propertyId).catch(() => null);
  if (!property || !actsForProperty(viewer, property))
    throw badRequest(EXCLUSIVITY_MESSAGES.property, { propertyId: EXCLUSIVITY_MESSAGES.property });
  const term = termRefusal(property.category, input.termStart, input.termEnd);
  if (term) throw badRequest(term.message, { [term.field]: term.message });
  let replaces: string[] = [];
  if (input.replacesOrderId) {
    const [replaced] = await db
      .select()
      .from(brokerageOrders)
      .where(and(eq(brokerageOrders.id, input.replacesOrderId), isExclusivity))
      .limit(1);
    if (!replaced || propertyOf(replaced) !== property.id)
      throw badRequest(EXCLUSIVITY_MESSAGES.replacesOther, {
        replacesOrderId: EXCLUSIVITY_MESSAGES.replacesOther,
      });
    replaces = await replacedChain(db, replaced.id);
  }
  const held = await overlappingExclusivity(db, property.id, input, replaces);
  if (held) throw conflict(overlapMessage(held), { termStart: overlapMessage(held) });
  const side = property.typeTransaction === 'השכרה' ? 'landlord' : 'seller';
  if (input.side !== side) throw badRequest(EXCLUSIVITY_MESSAGES.side, { side: EXCLUSIVITY_MESSAGES.side });
  const content = await orderContent(
    db,
    viewer,
    {
      ...input,
      transactionKind: TRANSACTION_OF_SIDE[side],
      properties: [{ propertyId: property.id, address: propertyAddress(property) }],
    },
    property.branchId,
  );
  const [row] = await db
    .insert(brokerageOrders)
    .values({
      ...content,
      kind: 'exclusivity',
      branchId: property.branchId,
      agentId: viewer.id,
      termStart: input.termStart,
      termEnd: input.termEnd,
      replacesOrderId: input.replacesOrderId ?? null,
      marketingActions: [...new Set(input.marketingActions)] as Exclusivity['marketingActions'],
    })
    .returning({ id: brokerageOrders.id });
  return row!.id;
}

/** Whether a third of a signed, running term has passed with no action logged (the staff's warning). */
export function noActionWarning(row: OrderRow, actionCount: number, today: string): boolean {
  if (row.status !== 'signed' || !row.termStart || !row.termEnd || actionCount > 0) return false;
  return today >= thirdOfTermDate(row.termStart, row.termEnd) && today < row.termEnd;
}

/** Exclusivities as the API answers them: the order's fields, the term, the actions logged and the notices. */
async function toExclusivities(db: Database, rows: OrderRow[]): Promise<Exclusivity[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [orders, actions, notices] = await Promise.all([
    toOrders(db, rows),
    db
      .select({ action: exclusivityActions, createdByName: users.name })
      .from(exclusivityActions)
      .leftJoin(users, eq(users.id, exclusivityActions.createdBy))
      .where(inArray(exclusivityActions.orderId, ids))
      .orderBy(asc(exclusivityActions.doneOn), asc(exclusivityActions.createdAt)),
    db.select().from(exclusivityNotices).where(inArray(exclusivityNotices.orderId, ids)),
  ]);
  const today = israelDate();
  return rows.map((row, i) => {
    const own = actions
      .filter((a) => a.action.orderId === row.id)
      .map((a) => actionView(a.action, a.createdByName));
    return {
      ...orders[i]!,
      propertyId: propertyOf(row),
      termStart: row.termStart ?? '',
      termEnd: row.termEnd ?? '',
      marketingActions: row.marketingActions ?? [],
      actions: own,
      noActionWarning: noActionWarning(row, own.length, today),
      notices: notices.filter((n) => n.orderId === row.id).map((n) => n.notice as ExclusivityNotice),
    };
  });
}

function actionView(
  row: typeof exclusivityActions.$inferSelect,
  createdByName: string | null,
): ExclusivityAction {
  return {
    _id: row.id,
    date: row.doneOn,
    action: row.action,
    note: row.note,
    evidenceUrl: row.evidenceUrl,
    createdByName,
  };
}

/** The exclusivities of a property, newest first: all of them for its agents and admins, else the viewer's own. */
export async function listExclusivities(
  db: Database,
  viewer: SessionUser,
  propertyId: string,
): Promise<Exclusivity[]> {
  const property = await propertyInScope(db, viewer, propertyId);
  const who = actsForProperty(viewer, property)
    ? inBranchScope(viewer.branchScope, brokerageOrders.branchId)
    : visibleOrders(viewer);
  const rows = await db
    .select()
    .from(brokerageOrders)
    .where(and(isExclusivity, ofProperty(propertyId), who))
    .orderBy(desc(brokerageOrders.createdAt))
    .limit(50);
  return toExclusivities(db, rows);
}

/** An exclusivity the viewer may act on (an admin in scope, its agent, or the property's agents); 404 otherwise. */
async function exclusivityForActor(db: Database, viewer: SessionUser, id: string): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(brokerageOrders)
    .where(and(eq(brokerageOrders.id, id), isExclusivity))
    .limit(1);
  if (!row) throw notFound(EXCLUSIVITY_MESSAGES.notFound);
  assertInScope(viewer.branchScope, row.branchId, EXCLUSIVITY_MESSAGES.notFound);
  if (viewer.role === 'admin' || row.agentId === viewer.id) return row;
  const property = await propertyInScope(db, viewer, propertyOf(row)).catch(() => null);
  if (!property || !actsForProperty(viewer, property)) throw notFound(EXCLUSIVITY_MESSAGES.notFound);
  return row;
}

export async function exclusivityView(db: Database, viewer: SessionUser, id: string): Promise<Exclusivity> {
  const [view] = await toExclusivities(db, [await exclusivityForActor(db, viewer, id)]);
  return view!;
}

/**
 * Logs a marketing action done under a signed exclusivity: one of the actions committed, on a day inside the
 * term and not in the future, by its agent, the property's agents or an admin (the branch manager).
 */
export async function logAction(
  db: Database,
  viewer: SessionUser,
  id: string,
  input: LogAction,
): Promise<ExclusivityAction> {
  const row = await exclusivityForActor(db, viewer, id);
  if (row.status !== 'signed') throw conflict(EXCLUSIVITY_MESSAGES.notSigned);
  if (!(row.marketingActions ?? []).includes(input.action))
    throw badRequest(EXCLUSIVITY_MESSAGES.actionNotCommitted, {
      action: EXCLUSIVITY_MESSAGES.actionNotCommitted,
    });
  const today = israelDate();
  if (input.date < (row.termStart ?? '') || input.date > today || input.date > (row.termEnd ?? ''))
    throw badRequest(EXCLUSIVITY_MESSAGES.actionDate, { date: EXCLUSIVITY_MESSAGES.actionDate });
  const [saved] = await db
    .insert(exclusivityActions)
    .values({
      orderId: row.id,
      doneOn: input.date,
      action: input.action,
      note: input.note || null,
      evidenceUrl: input.evidenceUrl || null,
      createdBy: viewer.id,
    })
    .returning();
  return actionView(saved!, viewer.name);
}

/**
 * The property's current signed exclusivity (the latest signed, not revoked), for the seller report: its
 * term and the actions done. Null when there is none.
 */
export async function signedExclusivityOfProperty(
  db: Database,
  propertyId: string,
): Promise<{ termStart: string; termEnd: string; actions: ExclusivityAction[] } | null> {
  const [row] = await db
    .select()
    .from(brokerageOrders)
    .where(and(isExclusivity, eq(brokerageOrders.status, 'signed'), ofProperty(propertyId)))
    .orderBy(desc(brokerageOrders.termEnd))
    .limit(1);
  if (!row) return null;
  const [view] = await toExclusivities(db, [row]);
  return { termStart: view!.termStart, termEnd: view!.termEnd, actions: view!.actions };
}

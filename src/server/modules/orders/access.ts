import { ORDER_MESSAGES } from '@shared/domain/brokerage-order';
import { and, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brokerageOrders, leads } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import { assertInScope, inBranchScope } from '../branches';

export type OrderRow = typeof brokerageOrders.$inferSelect;

/**
 * Who sees an order: admins, within their branch scope; an agent, the orders they issued and those of their own
 * leads. Everyone else is told there is no such order (404), as other branches' rows answer everywhere.
 */
export function visibleOrders(viewer: SessionUser): SQL | undefined {
  const scope = inBranchScope(viewer.branchScope, brokerageOrders.branchId);
  if (viewer.role === 'admin') return scope;
  return and(
    scope,
    or(
      eq(brokerageOrders.agentId, viewer.id),
      sql`exists (select 1 from ${leads} where ${leads.id} = ${brokerageOrders.leadId} and ${leads.ownerId} = ${viewer.id})`,
    ),
  );
}

/** The order, if the viewer may see it; 404 otherwise. */
export async function orderForViewer(db: Database, viewer: SessionUser, id: string): Promise<OrderRow> {
  const [order] = await db
    .select()
    .from(brokerageOrders)
    .where(and(eq(brokerageOrders.id, id), visibleOrders(viewer)))
    .limit(1);
  if (!order) throw notFound(ORDER_MESSAGES.notFound);
  assertInScope(viewer.branchScope, order.branchId, ORDER_MESSAGES.notFound);
  return order;
}

/**
 * A property's owner as the office knows them: the client of the latest seller's or landlord's order or
 * exclusivity naming the property (not revoked) that the viewer may see, or null. Only a viewer inside the
 * order's branch scope ever gets one, so another branch's staff never read an owner (decision 0052).
 */
export async function propertyOwnerFor(db: Database, viewer: SessionUser, propertyId: string) {
  const [row] = await db
    .select({
      name: brokerageOrders.clientName,
      phone: brokerageOrders.clientPhone,
      email: brokerageOrders.clientEmail,
      idNumber: brokerageOrders.clientIdNumber,
    })
    .from(brokerageOrders)
    .where(
      and(
        sql`${brokerageOrders.properties} @> ${JSON.stringify([{ propertyId }])}::jsonb`,
        inArray(brokerageOrders.side, ['seller', 'landlord']),
        ne(brokerageOrders.status, 'revoked'),
        visibleOrders(viewer),
      ),
    )
    .orderBy(desc(brokerageOrders.createdAt))
    .limit(1);
  return row ?? null;
}

import { type OrderSide, sideOfLead } from '@shared/domain/brokerage-order';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brokerageOrders, leads, properties } from '../../db/schema';

/**
 * The signed brokerage orders that give the agency its fee on a deal's sides (issue 34, decision 0055), read
 * from the orders as they stand: signed and not revoked (a revoked order's status is 'revoked'), either kind
 * (an exclusivity is a signed order of the seller's or landlord's side too).
 *
 * - The lead's client: the side of the lead (its category, rent when the lead or its property says so, as a
 *   new order from the lead is prefilled) and an order of the same lead or of the same contact.
 * - When the lead is on a property of ours, the other side: an order of the opposite side (buyer or tenant
 *   against seller or landlord) that names the property.
 */
type OrderSideLink = { side: OrderSide; orderIds: string[] };

const OPPOSITE: Record<OrderSide, OrderSide> = {
  buyer: 'seller',
  tenant: 'landlord',
  seller: 'buyer',
  landlord: 'tenant',
};
const GROUP: Record<OrderSide, OrderSide[]> = {
  buyer: ['buyer', 'tenant'],
  tenant: ['buyer', 'tenant'],
  seller: ['seller', 'landlord'],
  landlord: ['seller', 'landlord'],
};

/** Per lead id: its deal's sides and their signed orders (no order: an empty list). */
export async function dealOrderSides(db: Database, leadIds: string[]): Promise<Map<string, OrderSideLink[]>> {
  const result = new Map<string, OrderSideLink[]>();
  const ids = [...new Set(leadIds)];
  if (ids.length === 0) return result;
  const rows = await db
    .select({
      id: leads.id,
      contactId: leads.contactId,
      category: leads.category,
      propertyId: leads.propertyId,
      typeTransaction: properties.typeTransaction,
    })
    .from(leads)
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .where(inArray(leads.id, ids));
  const contactIds = [...new Set(rows.map((r) => r.contactId))];
  const propertyIds = [...new Set(rows.flatMap((r) => (r.propertyId ? [r.propertyId] : [])))];
  const orders = await db
    .select({
      id: brokerageOrders.id,
      leadId: brokerageOrders.leadId,
      contactId: brokerageOrders.contactId,
      side: brokerageOrders.side,
      properties: brokerageOrders.properties,
    })
    .from(brokerageOrders)
    .where(
      and(
        eq(brokerageOrders.status, 'signed'),
        or(
          inArray(brokerageOrders.leadId, ids),
          inArray(brokerageOrders.contactId, contactIds),
          propertyIds.length
            ? sql`exists (select 1 from jsonb_array_elements(${brokerageOrders.properties}) p where p->>'propertyId' in (${sql.join(
                propertyIds.map((id) => sql`${id}`),
                sql`, `,
              )}))`
            : undefined,
        ),
      ),
    )
    .orderBy(brokerageOrders.signedAt, brokerageOrders.id);
  for (const lead of rows) {
    const rent = lead.typeTransaction === 'השכרה' || lead.category === 'השכרה';
    const side = sideOfLead(lead.category, rent);
    const own = orders.filter(
      (o) => GROUP[side].includes(o.side) && (o.leadId === lead.id || o.contactId === lead.contactId),
    );
    const sides: OrderSideLink[] = [{ side, orderIds: own.map((o) => o.id) }];
    if (lead.propertyId) {
      const other = OPPOSITE[side];
      const theirs = orders.filter(
        (o) =>
          GROUP[other].includes(o.side) &&
          o.contactId !== lead.contactId &&
          o.properties.some((p) => p.propertyId === lead.propertyId),
      );
      sides.push({ side: other, orderIds: theirs.map((o) => o.id) });
    }
    result.set(lead.id, sides);
  }
  return result;
}

/** The sides without a signed order. */
export const sidesWithoutOrder = (sides: OrderSideLink[] = []) =>
  sides.filter((s) => s.orderIds.length === 0).map((s) => s.side);

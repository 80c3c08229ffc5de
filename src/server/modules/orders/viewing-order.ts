import { ORDER_MESSAGES, storedFee, TRANSACTION_OF_SIDE } from '@shared/domain/brokerage-order';
import { cleanPhone } from '@shared/domain/phone';
import { VIEWING_ORDER_MESSAGES, viewingOrderFee } from '@shared/domain/viewing-order';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { brokerageOrders, properties } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Transaction } from '../mail';
import { settingsInTransaction } from '../settings';
import { brokerWith, issueSignLink, propertyAddress } from './service';

/** The visitor and the viewing an order is prepared for (docs/viewings.md, "The order and the address"). */
export type ViewingOrderFor = {
  propertyId: string;
  branchId: string;
  leadId: string | null;
  contactId: string | null;
  agentId: string | null;
  name: string;
  phone: string;
  email: string | null;
};

/** The order sent with a confirmation: its id and the link to sign it (none when already signed), or why not. */
export type ViewingOrder =
  | { orderId: string; link: string | null; problem: null }
  | { orderId: null; link: null; problem: string };

/**
 * The visitor's buyer's or tenant's order for the property, reused when they already have one (a signed one is
 * kept as it is; an unsigned one gets a fresh link), else a new one with the draft's defaults: the property and
 * its price, the visitor's name and mobile, the branch's legal entity and licensed broker, the fee of
 * viewingOrderFee by the agency's settings. The visitor's ID number and address are left for the signing page (decision 0064).
 *
 * Runs in a savepoint of the booking's transaction and never throws: whatever goes wrong is the problem the
 * agent reads on the viewing card, and the booking stands.
 */
export async function prepareViewingOrder(
  tx: Transaction,
  visitor: ViewingOrderFor,
  out: { appOrigin: string; smsOn: boolean },
  now: Date,
): Promise<ViewingOrder> {
  try {
    return await tx.transaction((sp) => prepare(sp, visitor, out, now));
  } catch (err) {
    const problem = err instanceof AppError ? err.message : VIEWING_ORDER_MESSAGES.failed;
    return { orderId: null, link: null, problem };
  }
}

async function prepare(
  tx: Transaction,
  visitor: ViewingOrderFor,
  out: { appOrigin: string; smsOn: boolean },
  now: Date,
): Promise<ViewingOrder> {
  const existing = await existingOrder(tx, visitor);
  if (existing?.signedAt) return { orderId: existing.id, link: null, problem: null };
  if (existing) {
    const sent = await issueSignLink(tx, existing, out.appOrigin, out.smsOn, now);
    return { orderId: existing.id, link: sent.link, problem: null };
  }
  const [property] = await tx.select().from(properties).where(eq(properties.id, visitor.propertyId));
  if (!property) throw new AppError(404, 'NOT_FOUND', VIEWING_ORDER_MESSAGES.failed);
  if (!(property.price > 0)) return refused(VIEWING_ORDER_MESSAGES.noPrice);
  const settings = settingsInTransaction(tx);
  const broker = await brokerWith(tx, visitor.branchId, settings);
  const licensed = broker.brokers[0];
  if (!licensed) return refused(ORDER_MESSAGES.broker);
  if (!broker.address) return refused(ORDER_MESSAGES.brokerAddress);
  const side = property.typeTransaction === 'השכרה' ? 'tenant' : 'buyer';
  // The fees in force now: a later change of the settings leaves this order as it was issued.
  const { viewingOrderBuyerFeePercent: buyerPercent, viewingOrderTenantFeeMonths: tenantMonths } =
    await settings;
  const fee = viewingOrderFee(side, property.price, { buyerPercent, tenantMonths });
  const [order] = await tx
    .insert(brokerageOrders)
    .values({
      branchId: visitor.branchId,
      leadId: visitor.leadId,
      contactId: visitor.contactId,
      agentId: visitor.agentId,
      side,
      transactionKind: TRANSACTION_OF_SIDE[side],
      clientName: visitor.name,
      // Filled by the signer on the signing page (decision 0064).
      clientIdNumber: '',
      clientAddress: '',
      clientPhone: cleanPhone(visitor.phone),
      clientEmail: visitor.email ? visitor.email.toLowerCase() : null,
      agencyName: broker.agencyName,
      brokerName: licensed.name,
      brokerLicence: licensed.licenceNumber,
      brokerAddress: broker.address,
      properties: [{ propertyId: property.id, address: propertyAddress(property) }],
      approxPrice: property.price,
      ...storedFee(fee.feeKind, fee.feeValue),
      vatIncluded: false,
      createdAt: now,
    })
    .returning();
  const sent = await issueSignLink(tx, order!, out.appOrigin, out.smsOn, now);
  return { orderId: order!.id, link: sent.link, problem: null };
}

const refused = (problem: string): ViewingOrder => ({ orderId: null, link: null, problem });

/**
 * The visitor's buyer's or tenant's order naming this property, not revoked: the same contact, or the same
 * mobile; a signed one first, then the newest.
 */
async function existingOrder(tx: Transaction, visitor: ViewingOrderFor) {
  const sameClient = or(
    visitor.contactId ? eq(brokerageOrders.contactId, visitor.contactId) : undefined,
    eq(brokerageOrders.clientPhone, cleanPhone(visitor.phone)),
  );
  const [row] = await tx
    .select()
    .from(brokerageOrders)
    .where(
      and(
        eq(brokerageOrders.kind, 'order'),
        inArray(brokerageOrders.side, ['buyer', 'tenant']),
        inArray(brokerageOrders.status, ['sent', 'opened', 'expired', 'signed']),
        sameClient,
        sql`${brokerageOrders.properties} @> ${JSON.stringify([{ propertyId: visitor.propertyId }])}::jsonb`,
      ),
    )
    .orderBy(sql`${brokerageOrders.signedAt} is null`, desc(brokerageOrders.createdAt))
    .limit(1);
  return row;
}

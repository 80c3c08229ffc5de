import { randomBytes } from 'node:crypto';
import { seesBranch } from '@shared/domain/branch-scope';
import {
  effectiveStatus,
  ORDER_MESSAGES,
  SIGN_LINK_DAYS,
  sideOfLead,
  storedFee,
  TRANSACTION_OF_SIDE,
  UNSIGNED_AFTER_HOURS,
} from '@shared/domain/brokerage-order';
import { overlapMessage } from '@shared/domain/exclusivity';
import { israelDate } from '@shared/domain/israel-time';
import { normalizeIsraeliMobile, whatsappLink } from '@shared/domain/phone';
import type { CreateOrder, Order, OrderDraft } from '@shared/schemas/orders';
import type { AgencySettings } from '@shared/schemas/settings';
import { and, desc, eq, inArray, isNotNull, isNull, lt, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { branches, brokerageOrderLinks, brokerageOrders, contacts, properties, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { absoluteUrl } from '../../lib/links';
import type { SessionUser } from '../../plugins/session';
import { assertInScope, inBranchScope } from '../branches';
import { leadForViewer } from '../leads';
import type { Transaction } from '../mail';
import { getSettings } from '../settings';
import { enqueueSms } from '../sms';
import { type OrderRow, orderForViewer, visibleOrders } from './access';
import { overlapOfIssued } from './exclusivity/overlap';
import { anotherRunningExclusivity, setPropertyExclusive } from './exclusivity/property-flag';
import { hashLinkToken } from './tokens';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The orders as the API answers them, with the state their links give them and the agent's name. */
export async function toOrders(db: Database, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const links = await db
    .select({ orderId: brokerageOrderLinks.orderId, expiresAt: max(brokerageOrderLinks.expiresAt) })
    .from(brokerageOrderLinks)
    .where(and(inArray(brokerageOrderLinks.orderId, ids), isNull(brokerageOrderLinks.retiredAt)))
    .groupBy(brokerageOrderLinks.orderId);
  const agentIds = [...new Set(rows.map((r) => r.agentId).filter((id): id is string => id !== null))];
  const agents = agentIds.length
    ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, agentIds))
    : [];
  const expiry = new Map(links.map((l) => [l.orderId, l.expiresAt]));
  const names = new Map(agents.map((a) => [a.id, a.name]));
  const now = new Date();
  return rows.map((r) => {
    const linkExpiresAt = expiry.get(r.id) ?? null;
    return {
      _id: r.id,
      leadId: r.leadId,
      agentId: r.agentId,
      agentName: r.agentId ? (names.get(r.agentId) ?? null) : null,
      side: r.side,
      transactionKind: r.transactionKind,
      clientName: r.clientName,
      clientIdNumber: r.clientIdNumber,
      clientAddress: r.clientAddress,
      clientPhone: r.clientPhone,
      clientEmail: r.clientEmail,
      agencyName: r.agencyName,
      brokerName: r.brokerName,
      brokerLicence: r.brokerLicence,
      brokerAddress: r.brokerAddress,
      properties: r.properties,
      approxPrice: r.approxPrice,
      feeAgorot: r.feeAgorot,
      feePercentHundredths: r.feePercentHundredths,
      vatIncluded: r.vatIncluded,
      status: effectiveStatus(r.status, linkExpiresAt, now),
      replacesOrderId: r.replacesOrderId,
      revokeReason: r.revokeReason,
      createdAt: r.createdAt.toISOString(),
      sentAt: iso(r.sentAt),
      openedAt: iso(r.openedAt),
      signedAt: iso(r.signedAt),
      linkExpiresAt: iso(linkExpiresAt),
      phoneProof: r.phoneProof,
      htmlSha256: r.htmlSha256,
      pdfSha256: r.pdfSha256,
    };
  });
}

export async function orderView(db: Database, viewer: SessionUser, id: string): Promise<Order> {
  const [order] = await toOrders(db, [await orderForViewer(db, viewer, id)]);
  return order!;
}

/** A property the viewer may put on an order (any in their branch scope); 404 otherwise. */
export async function propertyInScope(db: Database, viewer: SessionUser, id: string) {
  const [property] = await db.select().from(properties).where(eq(properties.id, id)).limit(1);
  if (!property) throw notFound('הנכס לא נמצא');
  assertInScope(viewer.branchScope, property.branchId, 'הנכס לא נמצא');
  return property;
}

/**
 * A property a buyer's or tenant's order may name: one of the viewer's branch scope, or another branch's shared
 * listing (decision 0052: a branch offers the network's shared listings to its buyers); 404 otherwise.
 */
async function propertyToOffer(db: Database, viewer: SessionUser, id: string) {
  const [property] = await db.select().from(properties).where(eq(properties.id, id)).limit(1);
  if (!property?.sharedWithNetwork) return propertyInScope(db, viewer, id);
  return property;
}

const offersProperties = (side: string) => side === 'buyer' || side === 'tenant';

export const propertyAddress = (p: { address: string; city: string }) =>
  p.city ? `${p.address}, ${p.city}` : p.address;

/** The branch whose licensed broker the order prints, and the address printed beside them. */
function brokerOf(db: Database, branchId: string) {
  return brokerWith(db, branchId, getSettings(db));
}

/** brokerOf with the agency's settings given (inside a transaction, read there: settingsInTransaction). */
export async function brokerWith(
  db: Database | Transaction,
  branchId: string,
  agency: Promise<Pick<AgencySettings, 'address' | 'city' | 'agencyName'>>,
) {
  const [branch] = await db.select().from(branches).where(eq(branches.id, branchId)).limit(1);
  const settings = await agency;
  const branchAddress = branch?.address ? [branch.address, branch.city].filter(Boolean).join(', ') : '';
  const agencyAddress = [settings.address, settings.city].filter(Boolean).join(', ');
  return {
    brokers: branch?.brokers ?? [],
    address: branchAddress || agencyAddress,
    agencyName: branch?.legalEntity || settings.agencyName,
  };
}

/** What a new order from a lead or a property starts with: all the product knows of the client and the property. */
export async function orderDraft(
  db: Database,
  viewer: SessionUser,
  source: { leadId?: string; propertyId?: string },
): Promise<OrderDraft> {
  if (source.leadId) {
    const lead = await leadForViewer(db, viewer, source.leadId);
    const [contact] = await db.select().from(contacts).where(eq(contacts.id, lead.contactId)).limit(1);
    const shown = lead.propertyId
      ? await propertyToOffer(db, viewer, lead.propertyId).catch(() => null)
      : null;
    const rent = shown?.typeTransaction === 'השכרה' || lead.category === 'השכרה';
    const side = sideOfLead(lead.category, rent);
    // Another branch's shared listing goes on a buyer's or tenant's order only.
    const property =
      shown && (offersProperties(side) || seesBranch(viewer.branchScope, shown.branchId)) ? shown : null;
    const broker = await brokerOf(db, lead.branchId);
    return {
      leadId: lead.id,
      side,
      transactionKind: TRANSACTION_OF_SIDE[side],
      clientName: lead.name,
      clientPhone: lead.phone,
      clientEmail: contact?.email ?? '',
      properties: property ? [{ propertyId: property.id, address: propertyAddress(property) }] : [],
      approxPrice: property?.price ?? null,
      brokers: broker.brokers,
      brokerAddress: broker.address,
    };
  }
  const property = await propertyInScope(db, viewer, source.propertyId ?? '');
  const side = property.typeTransaction === 'השכרה' ? 'landlord' : 'seller';
  const broker = await brokerOf(db, property.branchId);
  return {
    propertyId: property.id,
    side,
    transactionKind: TRANSACTION_OF_SIDE[side],
    clientName: '',
    clientPhone: '',
    clientEmail: '',
    properties: [{ propertyId: property.id, address: propertyAddress(property) }],
    approxPrice: property.price,
    brokers: broker.brokers,
    brokerAddress: broker.address,
  };
}

/** The columns an order's content fills: the client, the broker copied now, the properties, the fee. */
export async function orderContent(db: Database, viewer: SessionUser, input: CreateOrder, branchId: string) {
  for (const [i, p] of input.properties.entries()) {
    if (!p.propertyId) continue;
    const property = await (offersProperties(input.side) ? propertyToOffer : propertyInScope)(
      db,
      viewer,
      p.propertyId,
    ).catch(() => null);
    if (!property) throw badRequest('הנכס לא נמצא', { [`properties.${i}.propertyId`]: 'הנכס לא נמצא' });
  }
  const { brokers, address, agencyName } = await brokerOf(db, branchId);
  if (brokers.length === 0) throw badRequest(ORDER_MESSAGES.broker, { brokerLicence: ORDER_MESSAGES.broker });
  const broker = input.brokerLicence
    ? brokers.find((b) => b.licenceNumber === input.brokerLicence)
    : brokers[0];
  if (!broker)
    throw badRequest(ORDER_MESSAGES.brokerUnknown, { brokerLicence: ORDER_MESSAGES.brokerUnknown });
  if (!address)
    throw badRequest(ORDER_MESSAGES.brokerAddress, { brokerLicence: ORDER_MESSAGES.brokerAddress });
  return {
    side: input.side,
    transactionKind: input.transactionKind,
    clientName: input.clientName,
    clientIdNumber: input.clientIdNumber,
    clientAddress: input.clientAddress,
    clientPhone: input.clientPhone,
    clientEmail: input.clientEmail ? input.clientEmail.toLowerCase() : null,
    agencyName,
    brokerName: broker.name,
    brokerLicence: broker.licenceNumber,
    brokerAddress: address,
    properties: input.properties.map((p) =>
      p.propertyId ? { propertyId: p.propertyId, address: p.address } : { address: p.address },
    ),
    approxPrice: input.approxPrice,
    ...storedFee(input.feeKind, input.feeValue),
    vatIncluded: input.vatIncluded,
  };
}

/** Issues an order from a lead (the lead's branch) or a property (the property's branch). */
export async function createOrder(db: Database, viewer: SessionUser, input: CreateOrder): Promise<string> {
  let branchId: string;
  let leadId: string | null = null;
  let contactId: string | null = null;
  if (input.leadId) {
    const lead = await leadForViewer(db, viewer, input.leadId);
    ({ branchId } = lead);
    leadId = lead.id;
    contactId = lead.contactId;
  } else {
    const property = await propertyInScope(db, viewer, input.propertyId ?? '');
    if (viewer.role !== 'admin' && property.agentId !== viewer.id && property.agentSecendId !== viewer.id)
      throw notFound('הנכס לא נמצא');
    branchId = property.branchId;
  }
  if (input.replacesOrderId) {
    const replaced = await orderForViewer(db, viewer, input.replacesOrderId).catch(() => null);
    if (!replaced || replaced.branchId !== branchId)
      throw badRequest(ORDER_MESSAGES.replacesOther, { replacesOrderId: ORDER_MESSAGES.replacesOther });
  }
  const content = await orderContent(db, viewer, input, branchId);
  const [row] = await db
    .insert(brokerageOrders)
    .values({
      ...content,
      branchId,
      leadId,
      contactId,
      agentId: viewer.id,
      replacesOrderId: input.replacesOrderId ?? null,
    })
    .returning({ id: brokerageOrders.id });
  return row!.id;
}

/** A change before signing; its sent links are retired (the client must get the new text). Signed: 409. */
export async function updateOrder(
  db: Database,
  viewer: SessionUser,
  id: string,
  input: CreateOrder,
): Promise<void> {
  const order = await orderForViewer(db, viewer, id);
  if (order.signedAt || order.status === 'signed') throw conflict(ORDER_MESSAGES.signedLocked);
  if (order.status === 'revoked') throw conflict(ORDER_MESSAGES.alreadyRevoked);
  const content = await orderContent(db, viewer, input, order.branchId);
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(brokerageOrders)
      .set({ ...content, status: 'sent', sentAt: null, openedAt: null })
      .where(and(eq(brokerageOrders.id, id), isNull(brokerageOrders.signedAt)))
      .returning({ id: brokerageOrders.id });
    if (!updated) throw conflict(ORDER_MESSAGES.signedLocked);
    await tx
      .update(brokerageOrderLinks)
      .set({ retiredAt: new Date() })
      .where(and(eq(brokerageOrderLinks.orderId, id), isNull(brokerageOrderLinks.retiredAt)));
  });
}

/** The orders of a lead, or those listing a property, newest first. */
export async function listOrders(
  db: Database,
  viewer: SessionUser,
  query: { leadId?: string; propertyId?: string },
): Promise<Order[]> {
  if (query.leadId) await leadForViewer(db, viewer, query.leadId);
  else await propertyInScope(db, viewer, query.propertyId ?? '');
  const source = query.leadId
    ? eq(brokerageOrders.leadId, query.leadId)
    : sql`${brokerageOrders.properties} @> ${JSON.stringify([{ propertyId: query.propertyId }])}::jsonb`;
  const rows = await db
    .select()
    .from(brokerageOrders)
    .where(and(source, eq(brokerageOrders.kind, 'order'), visibleOrders(viewer)))
    .orderBy(desc(brokerageOrders.createdAt))
    .limit(200);
  return toOrders(db, rows);
}

/** The viewer's own orders sent more than a day ago and still not signed (their day's list). */
export async function unsignedOrders(db: Database, viewer: SessionUser): Promise<Order[]> {
  const rows = await db
    .select()
    .from(brokerageOrders)
    .where(
      and(
        eq(brokerageOrders.agentId, viewer.id),
        inArray(brokerageOrders.status, ['sent', 'opened']),
        isNotNull(brokerageOrders.sentAt),
        lt(brokerageOrders.sentAt, new Date(Date.now() - UNSIGNED_AFTER_HOURS * 3_600_000)),
        inBranchScope(viewer.branchScope, brokerageOrders.branchId),
      ),
    )
    .orderBy(brokerageOrders.sentAt)
    .limit(100);
  return toOrders(db, rows);
}

/**
 * Sends an order for signing: a new single-use link (its token's hash stored, the earlier links retired), and
 * the WhatsApp message the agent sends from their own phone. With an SMS provider (decision 0054) the same text
 * is also queued by SMS to the client, in the same transaction.
 */
export async function sendOrder(
  db: Database,
  viewer: SessionUser,
  id: string,
  appOrigin: string,
  smsOn = false,
) {
  const order = await orderForViewer(db, viewer, id);
  if (order.signedAt || order.status === 'signed' || order.status === 'revoked')
    throw conflict(ORDER_MESSAGES.notSendable);
  const held = await overlapOfIssued(db, order);
  if (held) throw conflict(overlapMessage(held), { termStart: overlapMessage(held) });
  const sent = await db.transaction((tx) => issueSignLink(tx, order, appOrigin, smsOn, new Date()));
  return {
    order: await orderView(db, viewer, id),
    link: sent.link,
    whatsappUrl: whatsappLink(order.clientPhone, sent.text),
    smsSent: sent.smsSent,
    expiresAt: sent.expiresAt.toISOString(),
  };
}

/**
 * A new single-use signing link for an unsigned order, in the caller's transaction: the earlier links are
 * retired, the order is sent, and with an SMS provider the link is queued by SMS to the client.
 */
export async function issueSignLink(
  tx: Transaction,
  order: Pick<OrderRow, 'id' | 'kind' | 'clientName' | 'clientPhone' | 'agencyName'>,
  appOrigin: string,
  smsOn: boolean,
  now: Date,
) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SIGN_LINK_DAYS * 86_400_000);
  const link = absoluteUrl(appOrigin, `/sign/${token}`);
  const what = order.kind === 'exclusivity' ? 'הזמנת שירותי התיווך בבלעדיות' : 'הזמנת שירותי התיווך';
  const text = `שלום ${order.clientName}, מצורף קישור לחתימה על ${what} מ${order.agencyName}: ${link}`;
  const smsTo = smsOn ? normalizeIsraeliMobile(order.clientPhone) : null;
  await tx
    .update(brokerageOrderLinks)
    .set({ retiredAt: now })
    .where(and(eq(brokerageOrderLinks.orderId, order.id), isNull(brokerageOrderLinks.retiredAt)));
  await tx
    .insert(brokerageOrderLinks)
    .values({ orderId: order.id, tokenHash: hashLinkToken(token), expiresAt });
  await tx
    .update(brokerageOrders)
    .set({ status: 'sent', sentAt: now, openedAt: null })
    .where(and(eq(brokerageOrders.id, order.id), isNull(brokerageOrders.signedAt)));
  // The link, sent at once whatever the hour: the client is waiting for it (decision 0054).
  if (smsTo) await enqueueSms(tx, { kind: 'order-sign-link', refId: order.id, to: smsTo, text, expiresAt });
  return { link, text, expiresAt, smsSent: smsTo !== null };
}

/**
 * An admin's revocation, with its reason, in the audit log; its links stop working. A signed exclusivity whose
 * term still runs takes the property's exclusive flag with it (audited, the admin named), unless another signed
 * exclusivity of the property still runs. Returns the property whose flag was cleared, if any.
 */
export async function revokeOrder(
  db: Database,
  admin: SessionUser,
  id: string,
  reason: string,
): Promise<{ clearedPropertyId: string | null }> {
  const order = await orderForViewer(db, admin, id);
  if (order.status === 'revoked') throw conflict(ORDER_MESSAGES.alreadyRevoked);
  const now = new Date();
  const today = israelDate(now);
  return db.transaction(async (tx) => {
    await tx
      .update(brokerageOrders)
      .set({ status: 'revoked', revokeReason: reason, revokedAt: now, revokedBy: admin.id })
      .where(eq(brokerageOrders.id, id));
    await tx
      .update(brokerageOrderLinks)
      .set({ retiredAt: now })
      .where(and(eq(brokerageOrderLinks.orderId, id), isNull(brokerageOrderLinks.retiredAt)));
    await recordAudit(tx as Database, admin, {
      entity: 'order',
      entityId: id,
      action: 'revoke',
      before: { status: order.status },
      after: { status: 'revoked', revokeReason: reason },
    });
    const propertyId = order.properties[0]?.propertyId;
    const running =
      order.kind === 'exclusivity' && order.status === 'signed' && today < (order.termEnd ?? '');
    if (!running || !propertyId || (await anotherRunningExclusivity(tx, propertyId, [id], today)))
      return { clearedPropertyId: null };
    const cleared = await setPropertyExclusive(
      tx,
      propertyId,
      false,
      `${admin.name} (ביטול בלעדיות)`,
      admin.id,
    );
    return { clearedPropertyId: cleared ? propertyId : null };
  });
}

import { israelMinuteOfDay } from '@shared/domain/israel-calendar';
import { formatDate } from '@shared/domain/israel-time';
import { clockOfMinutes } from '@shared/domain/office-clock';
import { streetOfAddress } from '@shared/domain/public-address';
import type { ViewingOrderState } from '@shared/domain/viewing-order';
import {
  type BookingMode,
  MAX_DAYS_AHEAD,
  type SlotRules,
  type ViewingStatus,
} from '@shared/domain/viewing-slots';
import type { AgencySettings } from '@shared/schemas/settings';
import { VIEWING_MESSAGES } from '@shared/schemas/viewings';
import { and, eq, gt, inArray, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  agentAvailability,
  brokerageOrders,
  properties,
  propertyViewingSettings,
  viewingBlocks,
  viewings,
} from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Transaction } from '../mail';
import { settingsInTransaction } from '../settings';

type Db = Database | Transaction;
export type PropertyRow = typeof properties.$inferSelect;
export type ViewingRow = typeof viewings.$inferSelect;

export const DEFAULT_VIEWING_SETTINGS = {
  bookingMode: 'request' as BookingMode,
  capacity: 1,
  slotMinutes: 30,
};

/** Statuses that hold their slot. */
export const HOLDING: ViewingStatus[] = ['confirmed', 'done'];

export async function propertyRow(db: Db, id: string): Promise<PropertyRow> {
  const [row] = await db.select().from(properties).where(eq(properties.id, id)).limit(1);
  if (!row) throw notFound(VIEWING_MESSAGES.propertyNotFound);
  return row;
}

export async function viewingSettingsOf(db: Db, propertyId: string) {
  const [row] = await db
    .select()
    .from(propertyViewingSettings)
    .where(eq(propertyViewingSettings.propertyId, propertyId));
  return row
    ? { bookingMode: row.bookingMode, capacity: row.capacity, slotMinutes: row.slotMinutes }
    : DEFAULT_VIEWING_SETTINGS;
}

/** Everything the slot rule reads for a property and its agent, from now to the end of the bookable range. */
export async function slotRulesOf(
  db: Db,
  property: PropertyRow,
  agentId: string,
  now: Date,
): Promise<SlotRules> {
  const settings = await viewingSettingsOf(db, property.id);
  const until = new Date(now.getTime() + (MAX_DAYS_AHEAD + 1) * 86_400_000);
  const since = new Date(now.getTime() - 86_400_000);
  const [availability, blocks, taken] = await Promise.all([
    db
      .select({
        weekday: agentAvailability.weekday,
        fromMinute: agentAvailability.fromMinute,
        toMinute: agentAvailability.toMinute,
      })
      .from(agentAvailability)
      .where(eq(agentAvailability.agentId, agentId)),
    db
      .select({ start: viewingBlocks.startsAt, end: viewingBlocks.endsAt })
      .from(viewingBlocks)
      .where(
        and(
          or(eq(viewingBlocks.agentId, agentId), eq(viewingBlocks.propertyId, property.id)),
          gt(viewingBlocks.endsAt, since),
          lt(viewingBlocks.startsAt, until),
        ),
      ),
    db
      .select({
        propertyId: viewings.propertyId,
        start: viewings.startsAt,
        end: viewings.endsAt,
        seats: viewings.seats,
      })
      .from(viewings)
      .where(
        and(
          eq(viewings.agentId, agentId),
          inArray(viewings.status, HOLDING),
          gt(viewings.endsAt, since),
          lt(viewings.startsAt, until),
        ),
      ),
  ]);
  return {
    now,
    propertyId: property.id,
    slotMinutes: settings.slotMinutes,
    capacity: settings.capacity,
    availability,
    blocks,
    taken,
  };
}

export const blockView = (b: typeof viewingBlocks.$inferSelect) => ({
  _id: b.id,
  startsAt: b.startsAt.toISOString(),
  endsAt: b.endsAt.toISOString(),
  note: b.note,
});

export const windowView = (w: { weekday: number; fromMinute: number; toMinute: number }) => ({
  weekday: w.weekday,
  from: clockOfMinutes(w.fromMinute),
  to: clockOfMinutes(w.toMinute),
});

/**
 * The property's address as the viewing's visitor may read it (decision 0066): with the agency's setting
 * `exactAddressAfterSigning` on, the street alone until the brokerage order sent with this viewing (its
 * `order_id`, an order naming this property, decision 0064) is signed; the exact address after, or with the
 * setting off. The viewing's order is read fresh: a confirmation sets it in the same transaction.
 */
export async function visitorPlaceOf(
  db: Db,
  viewingId: string,
  property: Pick<PropertyRow, 'address' | 'city'>,
  settings?: Pick<AgencySettings, 'exactAddressAfterSigning'>,
): Promise<Pick<PropertyRow, 'address' | 'city'>> {
  const { exactAddressAfterSigning } = settings ?? (await settingsInTransaction(db as Transaction));
  if (!exactAddressAfterSigning) return { address: property.address, city: property.city };
  const [row] = await db
    .select({ status: brokerageOrders.status })
    .from(viewings)
    .innerJoin(brokerageOrders, eq(brokerageOrders.id, viewings.orderId))
    .where(eq(viewings.id, viewingId));
  if (row?.status === 'signed') return { address: property.address, city: property.city };
  return { address: streetOfAddress(property.address), city: property.city };
}

export const visitorView = (v: ViewingRow, property: Pick<PropertyRow, 'address' | 'city'>) => ({
  _id: v.id,
  status: v.status,
  startsAt: v.startsAt.toISOString(),
  endsAt: v.endsAt.toISOString(),
  proposals: v.proposals,
  address: property.address,
  city: property.city,
});

/**
 * The order on the card: signed, sent and not (yet) signed, or none (never prepared, or revoked since); the
 * order's own status comes from the list's join or orderStatusOf.
 */
const orderOnCard = (v: ViewingRow, orderStatus: string | null) => ({
  state: (!v.orderId || !orderStatus || orderStatus === 'revoked'
    ? 'none'
    : orderStatus === 'signed'
      ? 'signed'
      : 'sent') as ViewingOrderState,
  id: v.orderId,
  problem: v.orderProblem,
});

/** The status of a viewing's order, for a card read on its own. */
export async function orderStatusOf(db: Database | Transaction, v: ViewingRow) {
  if (!v.orderId) return null;
  const [order] = await db
    .select({ status: brokerageOrders.status })
    .from(brokerageOrders)
    .where(eq(brokerageOrders.id, v.orderId));
  return order?.status ?? null;
}

export const staffView = (
  v: ViewingRow,
  property: Pick<PropertyRow, 'address' | 'city'>,
  orderStatus: string | null,
) => ({
  ...visitorView(v, property),
  propertyId: v.propertyId,
  agentId: v.agentId,
  seats: v.seats,
  visitorName: v.visitorName,
  visitorPhone: v.visitorPhone,
  visitorEmail: v.visitorEmail,
  leadId: v.leadId,
  outcome: outcomeView(v),
  escalatedAt: v.escalatedAt?.toISOString() ?? null,
  order: orderOnCard(v, orderStatus),
});

/** What was recorded after the viewing (outcome.ts), null until then. */
const outcomeView = (v: ViewingRow) =>
  v.outcomeAt && (v.status === 'done' || v.status === 'no_show')
    ? {
        tookPlace: v.status === 'done',
        interest: v.interest,
        notes: v.outcomeNotes ?? '',
        recordedAt: v.outcomeAt.toISOString(),
      }
    : null;

/** A viewing's time as the timeline says it: '1.12.2026 10:30' (Israel time). */
export const whenText = (at: Date) => `${formatDate(at)} ${clockOfMinutes(israelMinuteOfDay(at))}`;

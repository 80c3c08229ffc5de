import { eq } from 'drizzle-orm';
import { viewings } from '../../db/schema';
import type { Transaction } from '../mail';
import { prepareViewingOrder } from '../orders';
import { smsConfigured } from '../sms';
import { hashViewingToken, newViewingToken } from './link-token';
import { mailContextOf, queueVisitorMail } from './mail';
import { dropReminders, queueReminders } from './reminders';
import type { PropertyRow, ViewingRow } from './rules';

/**
 * What the visitor and the agent hear when a viewing changes, queued in the change's transaction
 * (docs/viewings.md, "Mail, invitation and reminders").
 */
type Place = Pick<PropertyRow, 'address' | 'city'>;
/** Where the messages point (APP_ORIGIN) and whether SMS can be sent (a provider is configured). */
export type Outward = { appOrigin: string; smsOn: boolean };
export const outwardOf = (env: Parameters<typeof smsConfigured>[0] & { APP_ORIGIN: string }): Outward => ({
  appOrigin: env.APP_ORIGIN,
  smsOn: smsConfigured(env),
});
type Common = { tx: Transaction; property: Place; appOrigin: string; smsOn?: boolean; now: Date };

const contextOf = (c: Common, viewing: ViewingRow, token: string | null, orderLink: string | null = null) =>
  mailContextOf(c.tx, viewing, c.property, c.appOrigin, token, c.now).then((ctx) => ({
    ...ctx,
    smsOn: c.smsOn ?? false,
    orderLink,
  }));

/**
 * The brokerage order sent with a confirmation (docs/viewings.md, "The order and the address"): prepared or
 * reused by the orders module, its id or the reason there is none kept on the viewing for the agent's card.
 * Never refuses: the booking stands whatever happens to the order. Returns the signing link for the mail.
 */
async function sendOrderWith(c: Common, viewing: ViewingRow): Promise<string | null> {
  const prepared = await prepareViewingOrder(
    c.tx,
    {
      propertyId: viewing.propertyId,
      branchId: viewing.branchId,
      leadId: viewing.leadId,
      contactId: viewing.contactId,
      agentId: viewing.agentId,
      name: viewing.visitorName,
      phone: viewing.visitorPhone,
      email: viewing.visitorEmail,
    },
    { appOrigin: c.appOrigin, smsOn: c.smsOn ?? false },
    c.now,
  );
  await c.tx
    .update(viewings)
    .set({ orderId: prepared.orderId, orderProblem: prepared.problem })
    .where(eq(viewings.id, viewing.id));
  return prepared.link;
}

/**
 * A staff action has no link token (only its hash is stored): when the visitor has an e-mail, the viewing gets
 * a new token and the mail carries the new link; the older link stops working. Without an e-mail the token
 * stays, as the visitor's only link is the one the booking answered.
 */
async function freshToken(tx: Transaction, viewing: ViewingRow): Promise<string | null> {
  if (!viewing.visitorEmail) return null;
  const token = newViewingToken();
  await tx
    .update(viewings)
    .set({ tokenHash: hashViewingToken(token) })
    .where(eq(viewings.id, viewing.id));
  return token;
}

/** A booking: confirmed at once (with the invitation and the reminders) or a request received. */
export async function announceBooking(c: Common, viewing: ViewingRow, token: string) {
  const confirmed = viewing.status === 'confirmed';
  const ctx = await contextOf(c, viewing, token, confirmed ? await sendOrderWith(c, viewing) : null);
  await queueVisitorMail(c.tx, confirmed ? 'confirmed' : 'requested', ctx);
  await queueReminders(c.tx, ctx);
}

/** The agent confirmed a request. */
export async function announceConfirmed(c: Common, viewing: ViewingRow) {
  const token = await freshToken(c.tx, viewing);
  const ctx = await contextOf(c, viewing, token, await sendOrderWith(c, viewing));
  await queueVisitorMail(c.tx, 'confirmed', ctx);
  await queueReminders(c.tx, ctx);
}

/** Bumps the invitation's SEQUENCE: a calendar applies only a newer version of the event. */
async function nextSequence(tx: Transaction, viewing: ViewingRow): Promise<ViewingRow> {
  const [after] = await tx
    .update(viewings)
    .set({ sequence: viewing.sequence + 1 })
    .where(eq(viewings.id, viewing.id))
    .returning();
  return after!;
}

/** A cancellation (by the visitor or the staff): the old reminders go, the calendar event is cancelled. */
export async function announceCancelled(c: Common, before: ViewingRow) {
  await dropReminders(c.tx, before);
  const after = await nextSequence(c.tx, { ...before, status: 'cancelled' });
  const ctx = await contextOf(c, after, null);
  // A request never had an invitation in the visitor's calendar: its cancellation is a plain mail.
  await queueVisitorMail(c.tx, 'cancelled', ctx, { noInvite: before.status !== 'confirmed' });
}

/** A move: the old reminders go, the event moves (SEQUENCE + 1), new reminders are queued. */
export async function announceMoved(c: Common, before: ViewingRow, moved: ViewingRow, token: string | null) {
  await dropReminders(c.tx, before);
  const after = await nextSequence(c.tx, moved);
  const link = token ?? (await freshToken(c.tx, after));
  const ctx = await contextOf(c, after, link);
  await queueVisitorMail(c.tx, 'moved', ctx);
  await queueReminders(c.tx, ctx);
}

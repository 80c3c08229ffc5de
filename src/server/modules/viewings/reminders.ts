import { formatTime } from '@shared/domain/israel-time';
import { streetOfAddress } from '@shared/domain/public-address';
import { reminderTime } from '@shared/domain/viewing-reminder';
import { paths } from '@shared/paths';
import { and, eq, gt } from 'drizzle-orm';
import { viewings } from '../../db/schema';
import { dropQueuedMail, rewriteQueuedMail, type Transaction } from '../mail';
import { dropQueuedPush, enqueuePush } from '../push';
import { dropQueuedSms, rewriteQueuedSms } from '../sms';
import { fullAddress, queueVisitorMail, queueVisitorSms, type VisitorMailContext } from './mail';
import { propertyRow, type ViewingRow } from './rules';

const reminderKey = (viewing: Pick<ViewingRow, 'id' | 'sequence'>) =>
  `viewing-reminder:${viewing.id}:${viewing.sequence}`;

/**
 * Queues the reminders of a confirmed viewing, two hours before it (or at the last allowed minute before, see
 * reminderTime): a mail to the visitor who gave an e-mail, an SMS to the visitor's mobile when a provider is
 * configured, a push to the agent. Each waits in its outbox, which sends it once however many processes run;
 * the SMS is dropped unsent once the viewing started.
 */
export async function queueReminders(tx: Transaction, ctx: VisitorMailContext): Promise<void> {
  const { viewing } = ctx;
  if (viewing.status !== 'confirmed') return;
  const at = reminderTime(viewing.startsAt, ctx.now);
  if (!at) return;
  await queueVisitorMail(tx, 'reminder', ctx, { notBefore: at });
  await queueVisitorSms(tx, 'reminder', ctx, { notBefore: at, expiresAt: viewing.startsAt });
  if (viewing.agentId)
    await enqueuePush(
      tx,
      viewing.agentId,
      'nextTouchDue',
      {
        title: `תזכורת: ביקור ב־${formatTime(viewing.startsAt)}`,
        body: `${viewing.visitorName}, ${viewing.visitorPhone}: ${ctx.property.address}`,
        url: paths.myDay(),
      },
      { dedupeKey: reminderKey(viewing), at, now: ctx.now },
    );
}

/** Takes back the reminders not yet sent of a viewing as it was (before a move or a cancellation). */
export async function dropReminders(tx: Transaction, viewing: ViewingRow): Promise<void> {
  await dropQueuedMail(tx, 'viewing-reminder', viewing.id);
  await dropQueuedSms(tx, 'viewing-reminder', viewing.id);
  if (viewing.agentId) await dropQueuedPush(tx, viewing.agentId, reminderKey(viewing));
}

/**
 * The visitor signed the order sent with their viewings (decision 0066): the reminders already queued with the
 * street alone (the agency's `exactAddressAfterSigning`) name the exact address when they are sent. Run in the
 * signing's transaction (orders' whenOrderSigned), so no reminder leaves with the street after the signing is
 * committed. The queued rows are rewritten rather than composed again: the mail's link token is kept only as
 * its hash, so the reminder cannot be rebuilt, and its time (kept out of quiet hours when it was queued) stays.
 */
export async function exactAddressInReminders(
  tx: Transaction,
  order: { id: string; kind: string },
  now: Date,
): Promise<void> {
  if (order.kind !== 'order') return;
  const upcoming = await tx
    .select({ id: viewings.id, propertyId: viewings.propertyId })
    .from(viewings)
    .where(and(eq(viewings.orderId, order.id), eq(viewings.status, 'confirmed'), gt(viewings.startsAt, now)));
  for (const viewing of upcoming) {
    const property = await propertyRow(tx, viewing.propertyId);
    const street = `בנכס ${fullAddress({ address: streetOfAddress(property.address), city: property.city })}`;
    const exact = `בנכס ${fullAddress(property)}`;
    if (street === exact) continue;
    const rewrite = (part: string) => part.replaceAll(street, exact);
    await rewriteQueuedMail(tx, 'viewing-reminder', viewing.id, rewrite);
    await rewriteQueuedSms(tx, 'viewing-reminder', viewing.id, rewrite);
  }
}

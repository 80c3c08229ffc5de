import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { alertSubscribers, contacts, leads, mailOutbox } from '../../db/schema';
import { logConsent } from './consent';
import { type AlertsContext, ownerOf } from './context';
import { consentKeyOf, hasMailbox } from './mailbox';
import { subscriberOfToken } from './tokens';

/**
 * Deletion on request: the subscriber (with its searches, favourites, tokens and alert records), every mail to
 * it in the outbox, and the pipeline's lead made from it; its contact too when no other lead uses it, else only
 * the address is cleared from the contact. The consent log keeps the events with a hash of the address and
 * without the IP addresses.
 */
export function deleteMyData(ctx: AlertsContext, token: string): Promise<void> {
  return ctx.db.transaction(async (tx) => {
    const subscriber = await ownerOf(tx, token);
    await logConsent(tx, { subscriberId: null, key: consentKeyOf(subscriber), event: 'delete', ip: null });
    await tx
      .delete(mailOutbox)
      .where(and(eq(mailOutbox.refId, subscriber.id), like(mailOutbox.kind, 'alert%')));
    if (subscriber.leadId) {
      // The office's mail about the requirement names the person too.
      await tx.delete(mailOutbox).where(eq(mailOutbox.refId, subscriber.leadId));
      await tx.delete(leads).where(eq(leads.id, subscriber.leadId));
    }
    if (subscriber.contactId) {
      const [other] = await tx
        .select({ id: leads.id })
        .from(leads)
        .where(eq(leads.contactId, subscriber.contactId))
        .limit(1);
      if (other) {
        // The contact stays for its other leads; the address it has from this subscriber goes.
        if (subscriber.email !== null)
          await tx
            .update(contacts)
            .set({ email: null })
            .where(and(eq(contacts.id, subscriber.contactId), eq(contacts.email, subscriber.email)));
      } else {
        await tx.delete(contacts).where(eq(contacts.id, subscriber.contactId));
      }
    }
    await tx.execute(
      sql`update alert_consent_log set ip = null, subscriber_id = null where subscriber_id = ${subscriber.id}`,
    );
    await tx.delete(alertSubscribers).where(eq(alertSubscribers.id, subscriber.id));
  });
}

export type UnsubscribeOutcome = 'unsubscribed' | 'unknown';

/**
 * Unsubscribe by a mail's one-click link (its own token) or from the private page (the access token): honoured at once (alert mails still waiting in the outbox, or failed
 * and waiting for an admin's resend, are held, never sent) and logged the first time; a repeat answers the same. Revealing nothing about the subscriber.
 */
export function unsubscribe(
  db: Database,
  token: string,
  ip: string | null,
  purpose: 'unsubscribe' | 'access' = 'unsubscribe',
): Promise<UnsubscribeOutcome> {
  return db.transaction(async (tx) => {
    const found = await subscriberOfToken(tx, token, purpose);
    if (!found) return 'unknown';
    const [subscriber] = await tx
      .select()
      .from(alertSubscribers)
      .where(eq(alertSubscribers.id, found.id))
      .for('update');
    if (subscriber && subscriber.unsubscribedAt === null) {
      const now = new Date();
      await tx
        .update(alertSubscribers)
        .set({ unsubscribedAt: now, updatedAt: now })
        .where(eq(alertSubscribers.id, subscriber.id));
      await logConsent(tx, {
        subscriberId: subscriber.id,
        key: consentKeyOf(subscriber),
        event: 'unsubscribe',
        ip,
      });
    }
    await tx
      .update(mailOutbox)
      .set({ status: 'held' })
      .where(
        and(
          eq(mailOutbox.refId, found.id),
          eq(mailOutbox.kind, 'alert'),
          inArray(mailOutbox.status, ['pending', 'failed']),
        ),
      );
    return 'unsubscribed';
  });
}

/** Unconfirmed subscribers are deleted after this long (docs/alerts.md; the privacy page says so). */
export const UNCONFIRMED_KEEP_DAYS = 30;

/**
 * Maintenance: deletes subscribers who never confirmed their address within UNCONFIRMED_KEEP_DAYS (a phone-only
 * subscriber has nothing to confirm, and stays until deleted from the link).
 */
export async function purgeUnconfirmed(db: Database, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UNCONFIRMED_KEEP_DAYS * 86_400_000);
  const gone = await db
    .delete(alertSubscribers)
    .where(
      and(
        isNull(alertSubscribers.confirmedAt),
        hasMailbox,
        sql`${alertSubscribers.createdAt} < ${before.toISOString()}`,
      ),
    )
    .returning({ id: alertSubscribers.id });
  return gone.length;
}

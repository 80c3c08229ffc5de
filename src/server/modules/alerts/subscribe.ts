import type { SavedSearchFilters } from '@shared/domain/saved-search';
import { ALERTS_CONSENT_TEXT, type AlertFrequency, MAX_SAVED_SEARCHES } from '@shared/schemas/alerts';
import { eq } from 'drizzle-orm';
import { alertFavourites, alertSubscribers, savedSearches } from '../../db/schema';
import { consumeRateLimit } from '../../lib/rate-limit';
import { enqueueInTransaction, type Transaction } from '../mail';
import { confirmationMail, linkMail } from './confirm-mail';
import { logConsent } from './consent';
import { type AlertsContext, existingPropertyIds, searchCount } from './context';
import { awaitingConfirmation, mailBrand } from './mail-brand';
import { issueToken } from './tokens';

export type SubscribeInput = {
  name: string;
  email: string;
  phone: string;
  frequency: AlertFrequency;
  searches: SavedSearchFilters[];
  favourites: string[];
};

/** The pipeline contact and lead a new address takes over from the phone-only link it was added to. */
export type Inherited = { contactId: string | null; leadId: string | null };

/** Saved searches added up to the limit; kept, but waiting, when added for an address not yet confirmed. */
export async function addSearches(
  tx: Transaction,
  subscriberId: string,
  searches: readonly SavedSearchFilters[],
  confirmedAt: Date | null,
) {
  const room = MAX_SAVED_SEARCHES - (await searchCount(tx, subscriberId));
  const kept = searches.slice(0, Math.max(0, room));
  if (kept.length > 0) {
    await tx.insert(savedSearches).values(kept.map((filters) => ({ subscriberId, filters, confirmedAt })));
  }
}

/** Favourites added (properties that no longer exist are dropped). */
export async function addFavourites(
  tx: Transaction,
  subscriberId: string,
  ids: readonly string[],
  confirmedAt: Date | null,
) {
  const favourites = await existingPropertyIds(tx, ids);
  if (favourites.length > 0) {
    await tx
      .insert(alertFavourites)
      .values(favourites.map((propertyId) => ({ subscriberId, propertyId, confirmedAt })))
      .onConflictDoNothing();
  }
}

/**
 * A subscription from the form. A new address becomes an unconfirmed subscriber; a known one only gains the
 * search and favourites as waiting for confirmation (the form proves nothing about the mailbox), and its name,
 * phone and frequency stay as they are. Either way the consent is logged with its wording, time and IP, and a
 * confirmation mail with a fresh private link is queued. The answer is the same for both, so it never says
 * whether an address is known. A new address added to a phone-only link takes over that link's contact and lead
 * (`inherited`), so confirming it does not make the same buyer a second lead.
 */
export async function subscribe(
  ctx: AlertsContext,
  input: SubscribeInput,
  ip: string,
  inherited?: Inherited,
): Promise<void> {
  await consumeRateLimit(ctx.db, `alerts:email:${input.email}`, ctx.perContact);
  const now = new Date();
  const { sender } = await mailBrand(ctx.db, ctx.appOrigin);
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(alertSubscribers)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone,
        frequency: input.frequency,
        consentText: ALERTS_CONSENT_TEXT,
        consentAt: now,
        consentIp: ip,
        ...inherited,
      })
      .onConflictDoNothing({ target: alertSubscribers.email });
    const [subscriber] = await tx
      .select()
      .from(alertSubscribers)
      .where(eq(alertSubscribers.email, input.email))
      .for('update');
    const id = subscriber!.id;
    // The latest consent is the one in force (an unsubscribed address that subscribes again consents again).
    await tx
      .update(alertSubscribers)
      .set({ consentText: ALERTS_CONSENT_TEXT, consentAt: now, consentIp: ip })
      .where(eq(alertSubscribers.id, id));
    await addSearches(tx, id, input.searches, null);
    await addFavourites(tx, id, input.favourites, null);
    await logConsent(tx, {
      subscriberId: id,
      key: input.email,
      event: 'consent',
      ip,
      wording: ALERTS_CONSENT_TEXT,
    });
    const token = await issueToken(tx, id, 'access');
    await enqueueInTransaction(
      tx,
      confirmationMail(
        ctx.appOrigin,
        { ...subscriber!, email: input.email },
        token,
        await awaitingConfirmation(tx, ctx.storage, id),
        sender,
      ),
    );
  });
}

/** Mails a fresh private link to a known address; an unknown one gets nothing (the answer is the same). */
export async function sendLink(ctx: AlertsContext, email: string): Promise<void> {
  await consumeRateLimit(ctx.db, `alerts:email:${email}`, ctx.perContact);
  const { sender } = await mailBrand(ctx.db, ctx.appOrigin);
  await ctx.db.transaction(async (tx) => {
    const [subscriber] = await tx.select().from(alertSubscribers).where(eq(alertSubscribers.email, email));
    if (!subscriber) return;
    const token = await issueToken(tx, subscriber.id, 'access');
    await enqueueInTransaction(tx, linkMail(ctx.appOrigin, { ...subscriber, email }, token, sender));
  });
}

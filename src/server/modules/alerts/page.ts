import { savedSearchSentence } from '@shared/domain/saved-search';
import type { AlertFrequency, AlertsPage, Favourite, SavedSearch } from '@shared/schemas/alerts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { alertFavourites, alertSubscribers, savedSearches } from '../../db/schema';
import type { Transaction } from '../mail';
import { propertyCards } from './cards';
import { logConsent } from './consent';
import { type AlertsContext, officeOf, ownerOf, type Subscriber } from './context';
import { consentKeyOf, isPhoneOnly, mailboxOf } from './mailbox';
import { ensureRequirement } from './requirement';
import { withMatches } from './search-matches';
import { subscriberOfToken } from './tokens';

/** Whether a private link is live (the page's server-rendered status). */
export async function isLiveAccessToken(db: Database, token: string): Promise<boolean> {
  return (await subscriberOfToken(db, token, 'access')) !== null;
}

export const toSearch = (row: typeof savedSearches.$inferSelect): SavedSearch => ({
  _id: row.id,
  filters: row.filters,
  sentence: savedSearchSentence(row.filters),
  paused: row.paused,
  confirmed: row.confirmedAt !== null,
  createdAt: row.createdAt.toISOString(),
});

export async function favouritesOf(ctx: AlertsContext, tx: Transaction | Database, subscriberId: string) {
  const rows = await tx
    .select()
    .from(alertFavourites)
    .where(eq(alertFavourites.subscriberId, subscriberId))
    .orderBy(asc(alertFavourites.createdAt));
  const cards = await propertyCards(
    tx,
    ctx.storage,
    rows.map((r) => r.propertyId),
  );
  return rows.map((row): Favourite => {
    const property = cards.get(row.propertyId) ?? null;
    return {
      propertyId: row.propertyId,
      state: property === null ? 'deleted' : property.sold ? 'sold' : 'active',
      property,
      addedAt: row.createdAt.toISOString(),
    };
  });
}

async function pageOf(
  ctx: AlertsContext,
  tx: Transaction | Database,
  subscriber: Subscriber,
): Promise<AlertsPage> {
  const searches = await tx
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.subscriberId, subscriber.id))
    .orderBy(asc(savedSearches.createdAt));
  return {
    subscriber: {
      name: subscriber.name,
      email: mailboxOf(subscriber),
      phone: subscriber.phone,
      frequency: subscriber.frequency,
      confirmed: subscriber.confirmedAt !== null,
      unsubscribed: subscriber.unsubscribedAt !== null,
      consentAt: subscriber.consentAt.toISOString(),
    },
    searches: await withMatches(tx, searches.map(toSearch)),
    favourites: await favouritesOf(ctx, tx, subscriber.id),
  };
}

export function alertsPage(ctx: AlertsContext, token: string): Promise<AlertsPage> {
  return ctx.db.transaction(async (tx) => pageOf(ctx, tx, await ownerOf(tx, token)));
}

/**
 * The double opt-in, by the mailed link: confirms the subscriber and whatever waits for confirmation, takes
 * back an unsubscribe that an newer consent replaced, logs it, and makes the buyer requirement. Idempotent.
 */
export async function confirm(ctx: AlertsContext, token: string, ip: string): Promise<AlertsPage> {
  const office = await officeOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const subscriber = await ownerOf(tx, token);
    // A phone-only link was shown on a screen: it proves no mailbox, so it confirms nothing (its searches and
    // favourites were kept at once, and nothing is ever mailed to it).
    if (isPhoneOnly(subscriber)) return pageOf(ctx, tx, subscriber);
    const now = new Date();
    const resubscribes =
      subscriber.unsubscribedAt !== null && subscriber.consentAt > subscriber.unsubscribedAt;
    const waiting =
      (
        await tx
          .update(savedSearches)
          .set({ confirmedAt: now })
          .where(and(eq(savedSearches.subscriberId, subscriber.id), isNull(savedSearches.confirmedAt)))
          .returning({ id: savedSearches.id })
      ).length +
      (
        await tx
          .update(alertFavourites)
          .set({ confirmedAt: now })
          .where(and(eq(alertFavourites.subscriberId, subscriber.id), isNull(alertFavourites.confirmedAt)))
          .returning({ id: alertFavourites.propertyId })
      ).length;
    const [updated] = await tx
      .update(alertSubscribers)
      .set({
        confirmedAt: subscriber.confirmedAt ?? now,
        unsubscribedAt: resubscribes ? null : subscriber.unsubscribedAt,
        updatedAt: now,
      })
      .where(eq(alertSubscribers.id, subscriber.id))
      .returning();
    if (!subscriber.confirmedAt || resubscribes || waiting > 0) {
      await logConsent(tx, {
        subscriberId: subscriber.id,
        key: consentKeyOf(subscriber),
        event: 'confirm',
        ip,
      });
    }
    await ensureRequirement(tx, updated!, office);
    const [latest] = await tx.select().from(alertSubscribers).where(eq(alertSubscribers.id, subscriber.id));
    return pageOf(ctx, tx, latest!);
  });
}

export function updateSubscriber(
  ctx: AlertsContext,
  token: string,
  changes: { name?: string; frequency?: AlertFrequency },
): Promise<AlertsPage> {
  return ctx.db.transaction(async (tx) => {
    const subscriber = await ownerOf(tx, token);
    const [updated] = await tx
      .update(alertSubscribers)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(alertSubscribers.id, subscriber.id))
      .returning();
    return pageOf(ctx, tx, updated!);
  });
}

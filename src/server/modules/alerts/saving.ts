import type { SavedSearchFilters } from '@shared/domain/saved-search';
import { ALERT_MESSAGES, type Favourite, MAX_SAVED_SEARCHES, type SavedSearch } from '@shared/schemas/alerts';
import { and, eq, notInArray } from 'drizzle-orm';
import { alertFavourites, savedSearches } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { consumeRateLimit } from '../../lib/rate-limit';
import { type AlertsContext, existingPropertyIds, officeOf, ownerOf, searchCount } from './context';
import { favouritesOf, toSearch } from './page';
import { ensureRequirement } from './requirement';
import { subscriberOfToken } from './tokens';

/**
 * Saving through the private link is limited per subscriber, whatever the IP. Counted before the caller's
 * transaction opens (the embedded database has one connection: a write beside an open transaction would wait
 * for it); an unknown token is left for the transaction to refuse.
 */
async function limitSaving(ctx: AlertsContext, token: string) {
  const subscriber = await subscriberOfToken(ctx.db, token, 'access');
  if (subscriber) await consumeRateLimit(ctx.db, `alerts:subscriber:${subscriber.id}`, ctx.perContact);
}

/** The whole list of favourites, as the page merged it; ids of properties that no longer exist are dropped. */
export async function putFavourites(
  ctx: AlertsContext,
  token: string,
  propertyIds: string[],
): Promise<Favourite[]> {
  await limitSaving(ctx, token);
  return ctx.db.transaction(async (tx) => {
    const subscriber = await ownerOf(tx, token);
    const keep = [...new Set(propertyIds)];
    const existing = await existingPropertyIds(tx, keep);
    const kept = await tx
      .select({ propertyId: alertFavourites.propertyId })
      .from(alertFavourites)
      .where(eq(alertFavourites.subscriberId, subscriber.id));
    const keptIds = new Set(kept.map((k) => k.propertyId));
    await tx
      .delete(alertFavourites)
      .where(
        and(
          eq(alertFavourites.subscriberId, subscriber.id),
          keep.length > 0 ? notInArray(alertFavourites.propertyId, keep) : undefined,
        ),
      );
    const added = existing.filter((id) => !keptIds.has(id));
    if (added.length > 0) {
      const now = new Date();
      await tx
        .insert(alertFavourites)
        .values(added.map((propertyId) => ({ subscriberId: subscriber.id, propertyId, confirmedAt: now })))
        .onConflictDoNothing();
    }
    return favouritesOf(ctx, tx, subscriber.id);
  });
}

/** A search added through the private link is confirmed at once (the link is the proof of the mailbox). */
export async function createSearch(
  ctx: AlertsContext,
  token: string,
  filters: SavedSearchFilters,
): Promise<SavedSearch> {
  await limitSaving(ctx, token);
  const office = await officeOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const subscriber = await ownerOf(tx, token);
    if ((await searchCount(tx, subscriber.id)) >= MAX_SAVED_SEARCHES) {
      throw conflict(ALERT_MESSAGES.tooManySearches(MAX_SAVED_SEARCHES));
    }
    const [row] = await tx
      .insert(savedSearches)
      .values({ subscriberId: subscriber.id, filters, confirmedAt: new Date() })
      .returning();
    await ensureRequirement(tx, subscriber, office);
    return toSearch(row!);
  });
}

export async function updateSearch(
  ctx: AlertsContext,
  token: string,
  id: string,
  changes: { filters?: SavedSearchFilters; paused?: boolean },
): Promise<SavedSearch> {
  await limitSaving(ctx, token);
  return ctx.db.transaction(async (tx) => {
    const subscriber = await ownerOf(tx, token);
    const [row] = await tx
      .update(savedSearches)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(savedSearches.id, id), eq(savedSearches.subscriberId, subscriber.id)))
      .returning();
    if (!row) throw notFound(ALERT_MESSAGES.searchNotFound);
    return toSearch(row);
  });
}

export function deleteSearch(ctx: AlertsContext, token: string, id: string): Promise<void> {
  return ctx.db.transaction(async (tx) => {
    const subscriber = await ownerOf(tx, token);
    const deleted = await tx
      .delete(savedSearches)
      .where(and(eq(savedSearches.id, id), eq(savedSearches.subscriberId, subscriber.id)))
      .returning({ id: savedSearches.id });
    if (deleted.length === 0) throw notFound(ALERT_MESSAGES.searchNotFound);
  });
}

import type { SavedSearchFilters } from '@shared/domain/saved-search';
import { savedSearchSentence } from '@shared/domain/saved-search';
import {
  ALERT_MESSAGES,
  ALERTS_CONSENT_TEXT,
  type AlertFrequency,
  type AlertsPage,
  type Favourite,
  MAX_SAVED_SEARCHES,
  type SavedSearch,
} from '@shared/schemas/alerts';
import { and, asc, count, eq, inArray, isNull, like, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  alertFavourites,
  alertSubscribers,
  contacts,
  leads,
  mailOutbox,
  properties,
  savedSearches,
} from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { consumeRateLimit, type RateRule } from '../../lib/rate-limit';
import type { Storage } from '../../storage/storage';
import { enqueueInTransaction, type Transaction } from '../mail/outbox';
import { getSettings } from '../settings/service';
import { propertyCards } from './cards';
import { confirmationMail, linkMail } from './confirm-mail';
import { logConsent } from './consent';
import { ensureRequirement } from './requirement';
import { issueToken, subscriberOfToken } from './tokens';

export type AlertsContext = { db: Database; storage: Storage; appOrigin: string; perContact: RateRule };
type Subscriber = typeof alertSubscribers.$inferSelect;

export type SubscribeInput = {
  name: string;
  email: string;
  phone: string;
  frequency: AlertFrequency;
  search?: SavedSearchFilters;
  favourites: string[];
};

const existingPropertyIds = async (tx: Transaction, ids: readonly string[]) =>
  ids.length === 0
    ? []
    : (
        await tx
          .select({ id: properties.id })
          .from(properties)
          .where(inArray(properties.id, [...ids]))
      ).map((r) => r.id);

const searchCount = async (tx: Transaction | Database, subscriberId: string) =>
  Number(
    (
      await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.subscriberId, subscriberId))
    )[0]?.n ?? 0,
  );

/**
 * A subscription from the form. A new address becomes an unconfirmed subscriber; a known one only gains the
 * search and favourites as waiting for confirmation (the form proves nothing about the mailbox), and its name,
 * phone and frequency stay as they are. Either way the consent is logged with its wording, time and IP, and a
 * confirmation mail with a fresh private link is queued. The answer is the same for both, so it never says
 * whether an address is known.
 */
export async function subscribe(ctx: AlertsContext, input: SubscribeInput, ip: string): Promise<void> {
  await consumeRateLimit(ctx.db, `alerts:email:${input.email}`, ctx.perContact);
  const now = new Date();
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
    if (input.search && (await searchCount(tx, id)) < MAX_SAVED_SEARCHES) {
      await tx.insert(savedSearches).values({ subscriberId: id, filters: input.search });
    }
    const favourites = await existingPropertyIds(tx, input.favourites);
    if (favourites.length > 0) {
      await tx
        .insert(alertFavourites)
        .values(favourites.map((propertyId) => ({ subscriberId: id, propertyId })))
        .onConflictDoNothing();
    }
    await logConsent(tx, {
      subscriberId: id,
      email: input.email,
      event: 'consent',
      ip,
      wording: ALERTS_CONSENT_TEXT,
    });
    const token = await issueToken(tx, id, 'access');
    await enqueueInTransaction(tx, confirmationMail(ctx.appOrigin, subscriber!, token));
  });
}

/** Mails a fresh private link to a known address; an unknown one gets nothing (the answer is the same). */
export async function sendLink(ctx: AlertsContext, email: string): Promise<void> {
  await consumeRateLimit(ctx.db, `alerts:email:${email}`, ctx.perContact);
  await ctx.db.transaction(async (tx) => {
    const [subscriber] = await tx.select().from(alertSubscribers).where(eq(alertSubscribers.email, email));
    if (!subscriber) return;
    const token = await issueToken(tx, subscriber.id, 'access');
    await enqueueInTransaction(tx, linkMail(ctx.appOrigin, subscriber, token));
  });
}

/** Where the office's lead mail goes (read before a transaction: the embedded database has one connection). */
const officeOf = async (ctx: AlertsContext) => ({
  email: (await getSettings(ctx.db)).email,
  appOrigin: ctx.appOrigin,
});

/** The subscriber of a private link, locked for the caller's transaction; 404 with the Hebrew sentence otherwise. */
async function ownerOf(tx: Transaction, token: string): Promise<Subscriber> {
  const found = await subscriberOfToken(tx, token, 'access');
  if (!found) throw notFound(ALERT_MESSAGES.tokenNotFound);
  const [locked] = await tx
    .select()
    .from(alertSubscribers)
    .where(eq(alertSubscribers.id, found.id))
    .for('update');
  if (!locked) throw notFound(ALERT_MESSAGES.tokenNotFound);
  return locked;
}

/** Whether a private link is live (the page's server-rendered status). */
export async function isLiveAccessToken(db: Database, token: string): Promise<boolean> {
  return (await subscriberOfToken(db, token, 'access')) !== null;
}

const toSearch = (row: typeof savedSearches.$inferSelect): SavedSearch => ({
  _id: row.id,
  filters: row.filters,
  sentence: savedSearchSentence(row.filters),
  paused: row.paused,
  confirmed: row.confirmedAt !== null,
  createdAt: row.createdAt.toISOString(),
});

async function favouritesOf(ctx: AlertsContext, tx: Transaction | Database, subscriberId: string) {
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
      email: subscriber.email,
      phone: subscriber.phone,
      frequency: subscriber.frequency,
      confirmed: subscriber.confirmedAt !== null,
      unsubscribed: subscriber.unsubscribedAt !== null,
      consentAt: subscriber.consentAt.toISOString(),
    },
    searches: searches.map(toSearch),
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
      await logConsent(tx, { subscriberId: subscriber.id, email: subscriber.email, event: 'confirm', ip });
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

/**
 * Deletion on request: the subscriber (with its searches, favourites, tokens and alert records), every mail to
 * it in the outbox, and the pipeline's lead made from it; its contact too when no other lead uses it, else only
 * the address is cleared from the contact. The consent log keeps the events with a hash of the address and
 * without the IP addresses.
 */
export function deleteMyData(ctx: AlertsContext, token: string): Promise<void> {
  return ctx.db.transaction(async (tx) => {
    const subscriber = await ownerOf(tx, token);
    await logConsent(tx, { subscriberId: null, email: subscriber.email, event: 'delete', ip: null });
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
        email: subscriber.email,
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

/** Maintenance: deletes subscribers who never confirmed within UNCONFIRMED_KEEP_DAYS. */
export async function purgeUnconfirmed(db: Database, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UNCONFIRMED_KEEP_DAYS * 86_400_000);
  const gone = await db
    .delete(alertSubscribers)
    .where(
      and(isNull(alertSubscribers.confirmedAt), sql`${alertSubscribers.createdAt} < ${before.toISOString()}`),
    )
    .returning({ id: alertSubscribers.id });
  return gone.length;
}

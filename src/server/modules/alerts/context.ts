import { ALERT_MESSAGES } from '@shared/schemas/alerts';
import { count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { alertSubscribers, properties, savedSearches } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { RateRule } from '../../lib/rate-limit';
import type { Storage } from '../../storage/storage';
import type { Transaction } from '../mail';
import { getSettings } from '../settings';
import { subscriberOfToken } from './tokens';

export type AlertsContext = { db: Database; storage: Storage; appOrigin: string; perContact: RateRule };
export type Subscriber = typeof alertSubscribers.$inferSelect;

export const existingPropertyIds = async (tx: Transaction, ids: readonly string[]) =>
  ids.length === 0
    ? []
    : (
        await tx
          .select({ id: properties.id })
          .from(properties)
          .where(inArray(properties.id, [...ids]))
      ).map((r) => r.id);

export const searchCount = async (tx: Transaction | Database, subscriberId: string) =>
  Number(
    (
      await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.subscriberId, subscriberId))
    )[0]?.n ?? 0,
  );

/** Where the office's lead mail goes (read before a transaction: the embedded database has one connection). */
export const officeOf = async (ctx: AlertsContext) => ({
  email: (await getSettings(ctx.db)).email,
  appOrigin: ctx.appOrigin,
});

/** The subscriber of a private link, locked for the caller's transaction; 404 with the Hebrew sentence otherwise. */
export async function ownerOf(tx: Transaction, token: string): Promise<Subscriber> {
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

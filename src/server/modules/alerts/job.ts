import { ALERT_SEND_RULES, ANYTIME, nextAlertAt } from '@shared/domain/alert-rules';
import type { SendRules } from '@shared/domain/send-window';
import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { alertConsentLog, alertDeliveries, alertSubscribers, properties } from '../../db/schema';
import { runSingleton } from '../../lib/job-lock';
import { runOncePerPeriod } from '../../lib/job-period';
import { runInSlices, type SliceOptions } from '../../lib/job-slices';
import { startPolling } from '../../lib/poll';
import type { Storage } from '../../storage/storage';
import { enqueueInTransaction } from '../mail';
import { type AlertItem, alertMail } from './alert-mail';
import { propertyCards } from './cards';
import { mailBrand, mailPhotoUrl } from './mail-brand';
import { mailboxOf } from './mailbox';
import { EVENT_SLICE, matchPendingEvents } from './matching';
import { purgeUnconfirmed } from './removal';
import { issueToken } from './tokens';

/** Events per matching slice, and subscribers per queueing slice: where slices start and how far they grow. */
const EVENT_SLICES = { first: EVENT_SLICE, max: 200 };
const SUBSCRIBER_SLICE = 5;
const SUBSCRIBER_SLICES = { first: SUBSCRIBER_SLICE, max: 100 };
/** The most properties in one alert mail (the rest wait for the next one). */
const ITEMS_PER_MAIL = 20;
/** The consent log is kept this long (proof of consent for a claim under section 30A). */
const CONSENT_KEEP_DAYS = 3 * 365;
/** The purge runs once an hour across every process. */
const PURGE_PERIOD_MS = 3_600_000;

/** Where a run of queueDueAlerts has got to: the last subscriber examined, in the order they are examined. */
export type QueueCursor = { lastAlertAt: string | null; id: string } | null;

/** Subscribers after the cursor, in the order `last_alert_at asc nulls first, id`. */
function after(cursor: QueueCursor) {
  if (!cursor) return sql`true`;
  if (cursor.lastAlertAt === null)
    return sql`((${alertSubscribers.lastAlertAt} is null and ${alertSubscribers.id} > ${cursor.id})
      or ${alertSubscribers.lastAlertAt} is not null)`;
  return sql`(${alertSubscribers.lastAlertAt} > ${cursor.lastAlertAt}::timestamptz
    or (${alertSubscribers.lastAlertAt} = ${cursor.lastAlertAt}::timestamptz and ${alertSubscribers.id} > ${cursor.id}))`;
}

/**
 * Queues the alert mails that are due, for one slice of `size` subscribers after `cursor`: each subscriber with
 * waiting alerts is claimed (FOR UPDATE SKIP LOCKED) and, when its frequency and the sending rules allow
 * (nextAlertAt), gets one mail with what waits, a fresh private link and a fresh unsubscribe link. Unconfirmed
 * or unsubscribed subscribers get nothing. Returns how many were examined and queued, and the new cursor.
 */
export async function queueDueAlerts(
  ctx: { db: Database; storage: Storage; appOrigin: string; rules: SendRules },
  now = new Date(),
  slice: { size: number; cursor: QueueCursor } = { size: SUBSCRIBER_SLICE, cursor: null },
): Promise<{ examined: number; queued: number; cursor: QueueCursor }> {
  const brand = await mailBrand(ctx.db, ctx.appOrigin);
  return ctx.db.transaction(async (tx) => {
    const waiting = await tx
      .select({
        subscriber: alertSubscribers,
        lastAlertAtText: sql<string | null>`${alertSubscribers.lastAlertAt}::text`,
      })
      .from(alertSubscribers)
      .where(
        and(
          isNotNull(alertSubscribers.confirmedAt),
          isNull(alertSubscribers.unsubscribedAt),
          after(slice.cursor),
          sql`exists (select 1 from ${alertDeliveries} d join ${properties} p on p.id = d.property_id
                where d.subscriber_id = ${alertSubscribers.id} and d.mail_id is null and not p.sold)`,
        ),
      )
      // Those waiting longest first; the cursor moves past those held back by their hour or their digest.
      .orderBy(sql`${alertSubscribers.lastAlertAt} asc nulls first`, asc(alertSubscribers.id))
      .limit(slice.size)
      .for('update', { skipLocked: true });
    const last = waiting.at(-1);
    const cursor = last ? { lastAlertAt: last.lastAlertAtText, id: last.subscriber.id } : slice.cursor;
    let queued = 0;
    for (const { subscriber } of waiting) {
      // Only confirmed subscribers are here, and a phone-only one never confirms; the check keeps the type honest.
      const email = mailboxOf(subscriber);
      if (email === null) continue;
      if (nextAlertAt(subscriber.frequency, subscriber.lastAlertAt, now, ctx.rules) > now) continue;
      const deliveries = await tx
        .select({ delivery: alertDeliveries })
        .from(alertDeliveries)
        .innerJoin(properties, eq(properties.id, alertDeliveries.propertyId))
        .where(
          and(
            eq(alertDeliveries.subscriberId, subscriber.id),
            isNull(alertDeliveries.mailId),
            eq(properties.sold, false),
          ),
        )
        .orderBy(asc(alertDeliveries.createdAt))
        .limit(ITEMS_PER_MAIL);
      const cards = await propertyCards(
        tx,
        ctx.storage,
        deliveries.map((d) => d.delivery.propertyId),
      );
      const items: AlertItem[] = deliveries.flatMap(({ delivery }) => {
        const property = cards.get(delivery.propertyId);
        if (!property) return [];
        const image = mailPhotoUrl(ctx.storage, ctx.appOrigin, property.image);
        return [{ property: { ...property, image }, reason: delivery.reason, oldPrice: delivery.oldPrice }];
      });
      if (items.length === 0) continue;
      const tokens = {
        access: await issueToken(tx, subscriber.id, 'access'),
        unsubscribe: await issueToken(tx, subscriber.id, 'unsubscribe'),
      };
      const mailId = await enqueueInTransaction(tx, {
        ...alertMail(ctx.appOrigin, { ...subscriber, email }, items, tokens, brand),
        notBefore: now,
      });
      await tx
        .update(alertDeliveries)
        .set({ mailId })
        .where(
          inArray(
            alertDeliveries.id,
            deliveries.map((d) => d.delivery.id),
          ),
        );
      await tx
        .update(alertSubscribers)
        .set({ lastAlertAt: now })
        .where(eq(alertSubscribers.id, subscriber.id));
      queued += 1;
    }
    return { examined: waiting.length, queued, cursor };
  });
}

/** Deletes subscribers who never confirmed and consent records past their keeping time. */
export async function purgeAlertData(db: Database, now = new Date()): Promise<void> {
  await purgeUnconfirmed(db, now);
  const before = new Date(now.getTime() - CONSENT_KEEP_DAYS * 86_400_000);
  await db.delete(alertConsentLog).where(lt(alertConsentLog.at, before));
}

/** The purge, if no process has run it this hour (lib/job-period.ts). */
export function alertsPurgeTick(app: FastifyInstance, now?: Date) {
  return runOncePerPeriod(
    app.dbHandle,
    'alerts-purge',
    PURGE_PERIOD_MS,
    () => purgeAlertData(app.db, now),
    now,
  );
}

/**
 * One round of the alerts job: match what changed, then queue what is due, each in slices that give visitors
 * a turn between them (lib/job-slices.ts). Returns how many mails were queued.
 */
export async function runAlertsOnce(
  app: FastifyInstance,
  now = new Date(),
  slices: Pick<SliceOptions, 'budgetMs' | 'onSlice'> = {},
) {
  return runSingleton(app.dbHandle, 'alerts', async () => {
    await runInSlices((size) => matchPendingEvents(app.db, now, size), { ...EVENT_SLICES, ...slices });
    const ctx = {
      db: app.db,
      storage: app.storage,
      appOrigin: app.env.APP_ORIGIN,
      rules: app.env.ALERTS_SEND_ANYTIME ? ANYTIME : ALERT_SEND_RULES,
    };
    let queued = 0;
    let cursor: QueueCursor = null;
    await runInSlices(
      async (size) => {
        const done = await queueDueAlerts(ctx, now, { size, cursor });
        queued += done.queued;
        cursor = done.cursor;
        return done.examined;
      },
      { ...SUBSCRIBER_SLICES, ...slices },
    );
    return queued;
  });
}

/**
 * Runs the alerts job every ALERTS_JOB_INTERVAL_MS (one process at a time) and, at the first of those ticks in
 * each hour of any process, the purge; returns what stops it.
 */
export function startAlertsJob(
  app: FastifyInstance,
  intervalMs = app.env.ALERTS_JOB_INTERVAL_MS,
): () => Promise<void> {
  return startPolling(app.log, 'alerts job', intervalMs, async () => {
    await runAlertsOnce(app);
    await alertsPurgeTick(app);
  });
}

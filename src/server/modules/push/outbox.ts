import type { PushKind, PushPayload } from '@shared/schemas/push';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pushOutbox, pushPreferences, pushSubscriptions, users } from '../../db/schema';
import { MAX_PUSH_ATTEMPTS, pushRetryTime, pushSendTime } from './schedule';

/** A Drizzle transaction, or the database itself for a single statement. */
type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export type PushMessage = Omit<PushPayload, 'id' | 'kind'>;

export type EnqueueOptions = {
  /** A message that must go once (per device), e.g. `daily-missing:2026-03-01`: a second enqueue is a no-op. */
  dedupeKey?: string;
  /** The user asked for it (the profile's test button): no quiet-hours hold. */
  immediate?: boolean;
  /** Not before this time (a reminder set ahead); held past quiet hours like any other. Default: now. */
  at?: Date;
  now?: Date;
};

const PREFERENCE_COLUMN = {
  leadAssigned: pushPreferences.leadAssigned,
  leadEscalated: pushPreferences.leadEscalated,
  nextTouchDue: pushPreferences.nextTouchDue,
  dailyEntryMissing: pushPreferences.dailyEntryMissing,
} as const;

/**
 * Queues a notification to every device of a user, inside the caller's transaction (the lead and its push are
 * committed together or not at all). Nothing is queued for a deactivated user, a user who turned this kind
 * off, or a user without a device. It leaves now, or when quiet hours, Shabbat or the holiday end.
 * Returns how many devices it was queued for.
 */
export async function enqueuePush(
  tx: Executor,
  userId: string,
  kind: PushKind | 'test',
  message: PushMessage,
  options: EnqueueOptions = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const wanted = kind === 'test' ? sql`true` : sql`coalesce(${PREFERENCE_COLUMN[kind]}, true)`;
  const devices = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .leftJoin(pushPreferences, eq(pushPreferences.userId, pushSubscriptions.userId))
    .where(and(eq(pushSubscriptions.userId, userId), eq(users.active, true), wanted));
  if (devices.length === 0) return 0;
  const dueAt = options.immediate ? now : pushSendTime(options.at ?? now);
  const inserted = await tx
    .insert(pushOutbox)
    .values(
      devices.map((device) => ({
        subscriptionId: device.id,
        userId,
        kind,
        payload: message,
        dedupeKey: options.dedupeKey ?? null,
        nextAttemptAt: dueAt,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: pushOutbox.id });
  return inserted.length;
}

/** Takes back a user's queued, not yet sent notifications of one dedupe key (a cancelled viewing's reminder). */
export async function dropQueuedPush(tx: Executor, userId: string, dedupeKey: string): Promise<void> {
  await tx
    .delete(pushOutbox)
    .where(
      and(
        eq(pushOutbox.userId, userId),
        eq(pushOutbox.dedupeKey, dedupeKey),
        eq(pushOutbox.status, 'pending'),
      ),
    );
}

/** How long a claimed row stays invisible to other workers while this one sends it. */
const LEASE = sql`now() + interval '2 minutes'`;

/** Claims due notifications with their device: locked rows are skipped, so two processes never send one twice. */
export async function claimDuePush(db: Database, limit: number) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ row: pushOutbox, device: pushSubscriptions })
      .from(pushOutbox)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
      .where(and(eq(pushOutbox.status, 'pending'), lte(pushOutbox.nextAttemptAt, new Date())))
      .orderBy(asc(pushOutbox.nextAttemptAt))
      .limit(limit)
      .for('update', { of: pushOutbox, skipLocked: true });
    if (due.length === 0) return due;
    await tx
      .update(pushOutbox)
      .set({ nextAttemptAt: LEASE })
      .where(sql`${pushOutbox.id} in ${due.map((d) => d.row.id)}`);
    return due;
  });
}

export async function markPushSent(db: Database, id: string, subscriptionId: string, attempts: number) {
  const now = new Date();
  await db
    .update(pushOutbox)
    .set({ status: 'sent', attempts, sentAt: now, lastError: null })
    .where(eq(pushOutbox.id, id));
  await db.update(pushSubscriptions).set({ lastSentAt: now }).where(eq(pushSubscriptions.id, subscriptionId));
}

export async function markPushFailed(
  db: Database,
  id: string,
  attempts: number,
  error: string,
  retryBaseMs?: number,
) {
  const giveUp = attempts >= MAX_PUSH_ATTEMPTS;
  await db
    .update(pushOutbox)
    .set({
      status: giveUp ? 'failed' : 'pending',
      attempts,
      lastError: error.slice(0, 1000),
      nextAttemptAt: pushRetryTime(new Date(), attempts, retryBaseMs),
    })
    .where(eq(pushOutbox.id, id));
}

/** The push service says the subscription is gone (404/410): the device and its queued rows go with it. */
export async function dropSubscription(db: Database, subscriptionId: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
}

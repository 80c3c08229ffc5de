import { nextSendTime, PERSONAL_SEND_RULES } from '@shared/domain/send-window';
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { smsOutbox } from '../../db/schema';
import type { Transaction } from '../mail';

export type OutgoingSms = {
  kind: string;
  refId?: string;
  /** The phone in international form ('+972521234567'). */
  to: string;
  text: string;
  /** After this the message is no longer worth sending (a one-time code): it is dropped unsent. */
  expiresAt?: Date;
  /** Not before this time (a reminder set ahead). Default: now. */
  notBefore?: Date;
  /**
   * Held past quiet hours, Shabbat and holidays, retries included (a reminder, a notice): the personal send
   * window. Default: sent at once whatever the hour (a code, a link the recipient waits for; decision 0054).
   */
  holdsQuietHours?: boolean;
};

/**
 * Queues an SMS inside the caller's transaction (the code and its message are committed together or not at
 * all). Transactional messages only, which the recipient asked for: they leave at once, Shabbat and night
 * included (decision 0054).
 */
export async function enqueueSms(tx: Transaction | Database, sms: OutgoingSms): Promise<string> {
  const { notBefore, holdsQuietHours = false, ...fields } = sms;
  const due = holdsQuietHours ? nextSendTime(notBefore ?? new Date(), PERSONAL_SEND_RULES) : notBefore;
  const [row] = await tx
    .insert(smsOutbox)
    .values({
      ...fields,
      holdsQuietHours,
      refId: sms.refId ?? null,
      expiresAt: sms.expiresAt ?? null,
      ...(due ? { nextAttemptAt: due } : {}),
    })
    .returning({ id: smsOutbox.id });
  return row!.id;
}

/** Takes back the messages of one kind about one thing not yet sent (a cancelled viewing's reminder). */
export async function dropQueuedSms(tx: Transaction | Database, kind: string, refId: string): Promise<void> {
  await tx
    .delete(smsOutbox)
    .where(and(eq(smsOutbox.kind, kind), eq(smsOutbox.refId, refId), eq(smsOutbox.status, 'pending')));
}

/** Rewrites the text of the unsent messages of a kind about a row; their time stays (decision 0066). */
export async function rewriteQueuedSms(
  tx: Transaction | Database,
  kind: string,
  refId: string,
  rewrite: (text: string) => string,
): Promise<void> {
  const rows = await tx
    .select({ id: smsOutbox.id, text: smsOutbox.text })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.kind, kind), eq(smsOutbox.refId, refId), eq(smsOutbox.status, 'pending')));
  for (const row of rows)
    await tx
      .update(smsOutbox)
      .set({ text: rewrite(row.text) })
      .where(eq(smsOutbox.id, row.id));
}

/** Messages whose time passed are dropped, their text emptied. */
export async function dropExpiredSms(db: Database) {
  await db
    .update(smsOutbox)
    .set({ status: 'expired', text: '' })
    .where(and(eq(smsOutbox.status, 'pending'), lte(smsOutbox.expiresAt, new Date())));
}

/** Claims due messages for one sender: rows are locked so two server processes never send the same one. */
export async function claimDueSms(db: Database, limit: number) {
  return db.transaction(async (tx) => {
    const now = new Date();
    const due = await tx
      .select()
      .from(smsOutbox)
      .where(
        and(
          eq(smsOutbox.status, 'pending'),
          lte(smsOutbox.nextAttemptAt, now),
          or(isNull(smsOutbox.expiresAt), gt(smsOutbox.expiresAt, now)),
        ),
      )
      .orderBy(asc(smsOutbox.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return due;
    // Push the next attempt forward while this sender works, so another one skips these rows.
    await tx
      .update(smsOutbox)
      .set({ nextAttemptAt: sql`now() + interval '2 minutes'` })
      .where(sql`${smsOutbox.id} in ${due.map((m) => m.id)}`);
    return due;
  });
}

const RETRY_BASE_MS = 5_000;
const RETRY_CAP_MS = 15 * 60_000;
/** 12 attempts, the last about an hour and a half after the first; a link's message waits that long, a code expires first. */
export const MAX_SMS_ATTEMPTS = 12;

/** Backoff after the given failed attempt: 5 s, 10 s, 20 s... at most every 15 minutes. */
export const smsBackoffMs = (attempt: number, baseMs = RETRY_BASE_MS) =>
  Math.min(baseMs * 2 ** (attempt - 1), RETRY_CAP_MS);

export async function markSmsSent(db: Database, id: string, attempts: number) {
  await db
    .update(smsOutbox)
    .set({ status: 'sent', attempts, sentAt: new Date(), lastError: null, text: '' })
    .where(eq(smsOutbox.id, id));
}

/** After a failure: the next try after the backoff, held past quiet hours when the message asks for it. */
export async function markSmsFailed(
  db: Database,
  sms: { id: string; holdsQuietHours: boolean },
  attempts: number,
  error: string,
  options: { baseMs?: number; now?: Date } = {},
) {
  const { id } = sms;
  const giveUp = attempts >= MAX_SMS_ATTEMPTS;
  const retry = new Date((options.now ?? new Date()).getTime() + smsBackoffMs(attempts, options.baseMs));
  await db
    .update(smsOutbox)
    .set({
      status: giveUp ? 'failed' : 'pending',
      attempts,
      lastError: error.slice(0, 300),
      nextAttemptAt: sms.holdsQuietHours ? nextSendTime(retry, PERSONAL_SEND_RULES) : retry,
      ...(giveUp ? { text: '' } : {}),
    })
    .where(eq(smsOutbox.id, id));
}

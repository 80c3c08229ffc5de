import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export type OutgoingMail = { kind: string; refId?: string; to: string; subject: string; text: string };

export async function enqueueMail(db: Database, mail: OutgoingMail): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ ...mail, refId: mail.refId ?? null })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/** Claims due mail for one worker: rows are locked so two server processes never send the same mail. */
export async function claimDueMail(db: Database, limit: number) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, new Date())))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return due;
    // Push the next attempt forward while this worker sends, so another worker skips these rows.
    await tx
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() + interval '2 minutes'` })
      .where(sql`${mailOutbox.id} in ${due.map((m) => m.id)}`);
    return due;
  });
}

export const MAX_ATTEMPTS = 8;

/** Exponential backoff: 30 s, 1 min, 2 min, ... capped at one hour. */
export function backoffMs(attempt: number, baseMs = 30_000): number {
  return Math.min(baseMs * 2 ** (attempt - 1), 3_600_000);
}

export async function markSent(db: Database, id: string, attempts: number) {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', attempts, sentAt: new Date(), lastError: null })
    .where(eq(mailOutbox.id, id));
}

export async function markFailedAttempt(
  db: Database,
  id: string,
  attempts: number,
  error: string,
  baseMs?: number,
) {
  const giveUp = attempts >= MAX_ATTEMPTS;
  await db
    .update(mailOutbox)
    .set({
      status: giveUp ? 'failed' : 'pending',
      attempts,
      lastError: error.slice(0, 1000),
      nextAttemptAt: new Date(Date.now() + backoffMs(attempts, baseMs)),
    })
    .where(eq(mailOutbox.id, id));
}

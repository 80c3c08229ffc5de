import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export type OutgoingMail = {
  kind: string;
  refId?: string;
  to: string;
  /** A copy, e.g. the office on an inquiry mailed to an agent. */
  cc?: string | null;
  subject: string;
  text: string;
  /** An HTML part beside the text (alerts). */
  html?: string | null;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string> | null;
  /** An iCalendar invitation (a viewing's .ics), sent as the calendar part of the mail. */
  ics?: string | null;
  /** Not before this time (a sending window: the office's hours, Shabbat, a holiday); default now. */
  notBefore?: Date;
};

/** A Drizzle transaction: the handle `db.transaction(async (tx) => ...)` passes to its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Queues a mail inside the caller's transaction, so the record it is about (a lead, a job application,
 * an inquiry) and its mail are committed together or not at all: a crash between the two writes can no
 * longer leave a stored record whose mail was never queued.
 */
export function enqueueInTransaction(tx: Transaction, mail: OutgoingMail): Promise<string> {
  return insertMail(tx, mail);
}

/** Queues a mail on its own (a single insert is atomic by itself). */
export function enqueueMail(db: Database, mail: OutgoingMail): Promise<string> {
  return insertMail(db, mail);
}

async function insertMail(db: Database | Transaction, mail: OutgoingMail): Promise<string> {
  const { notBefore, ...fields } = mail;
  const [row] = await db
    .insert(mailOutbox)
    .values({ ...fields, refId: mail.refId ?? null, ...(notBefore ? { nextAttemptAt: notBefore } : {}) })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/**
 * Takes back the queued, not yet sent mail of one kind about one record (a viewing's reminder once the viewing
 * is cancelled or moved), in the caller's transaction. A mail already claimed by a worker is on its way.
 */
export async function dropQueuedMail(tx: Transaction, kind: string, refId: string): Promise<void> {
  await tx
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.kind, kind), eq(mailOutbox.refId, refId), eq(mailOutbox.status, 'pending')));
}

/**
 * Rewrites the unsent mail of a kind about a row (its subject, text and HTML part) in the caller's transaction:
 * the time it waits for stays. A viewing's reminder gets the exact address once the visitor signs (decision 0066).
 */
export async function rewriteQueuedMail(
  tx: Transaction,
  kind: string,
  refId: string,
  rewrite: (part: string) => string,
): Promise<void> {
  const rows = await tx
    .select({ id: mailOutbox.id, subject: mailOutbox.subject, text: mailOutbox.text, html: mailOutbox.html })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, kind), eq(mailOutbox.refId, refId), eq(mailOutbox.status, 'pending')));
  for (const row of rows)
    await tx
      .update(mailOutbox)
      .set({
        subject: rewrite(row.subject),
        text: rewrite(row.text),
        html: row.html === null ? null : rewrite(row.html),
      })
      .where(eq(mailOutbox.id, row.id));
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

const RETRY_BASE_MS = 30_000;
const RETRY_CAP_MS = 4 * 3_600_000;

/** Exponential backoff after the given failed attempt: 30 s, 1 min, 2 min, ... then every 4 hours. */
export function backoffMs(attempt: number, baseMs = RETRY_BASE_MS): number {
  const capMs = RETRY_CAP_MS * (baseMs / RETRY_BASE_MS);
  return Math.min(baseMs * 2 ** (attempt - 1), capMs);
}

/**
 * 21 attempts: the last one comes about 48 h 15 min after the first (30 s doubling to 4 h, then 4-hourly),
 * so an SMTP outage over a weekend loses nothing. After it the mail is 'failed' and the admin resends it.
 */
export const MAX_ATTEMPTS = 21;

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

/** The admin's resend of a mail that gave up: due now, with a fresh round of attempts. */
export async function requeueFailedMail(db: Database, id: string) {
  const [row] = await db
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), lastError: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
    .returning();
  return row;
}

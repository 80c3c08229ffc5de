import { MAIL_MESSAGES } from '@shared/schemas/leads';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { requeueFailedMail } from './outbox';

/** Puts a mail that gave up back in the queue, due now; only a 'failed' mail can be resent. */
export async function resendFailedMail(db: Database, id: string) {
  const row = await requeueFailedMail(db, id);
  if (!row) {
    const [existing] = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.id, id));
    throw existing ? conflict(MAIL_MESSAGES.notFailed) : notFound();
  }
  return {
    id: row.id,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  codeLockedMessage,
  codeWrongMessage,
  ORDER_MESSAGES,
  SIGN_CODE,
} from '@shared/domain/brokerage-order';
import { normalizeIsraeliMobile } from '@shared/domain/phone';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brokerageOrderCodes, brokerageOrderLinks } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { enqueueSms } from '../sms';
import { readLink } from './signing';

// The one-time code that proves the signer's phone when an SMS provider is configured (decision 0054): sent by
// SMS at the signer's request, 6 digits, good for 10 minutes, 5 wrong tries and then a 15-minute wait. Only an
// HMAC of the code is stored, keyed with the link's token, which only the signer's request carries.

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

const codeHash = (token: string, code: string) => createHmac('sha256', token).update(code).digest('hex');

const sameHash = (a: string, b: string) => {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
};

const tooMany = (message: string) => new AppError(429, 'RATE_LIMITED', message);

/** The link of a token that can still be signed through, or the refusal as an error (404 or 410). */
async function usableLink(db: Database, token: string) {
  const found = await readLink(db, token);
  if ('refused' in found)
    throw new AppError(found.refused, found.refused === 404 ? 'NOT_FOUND' : 'GONE', found.message);
  return found;
}

/** What the signing page shows of the phone step: proven, a code waiting (until when), or a wait. */
export async function codeState(db: Database, linkId: string) {
  const [link] = await db
    .select({
      provenAt: brokerageOrderLinks.phoneProvenAt,
      lockedUntil: brokerageOrderLinks.codesLockedUntil,
    })
    .from(brokerageOrderLinks)
    .where(eq(brokerageOrderLinks.id, linkId));
  const [latest] = await db
    .select({ expiresAt: brokerageOrderCodes.expiresAt, usedAt: brokerageOrderCodes.usedAt })
    .from(brokerageOrderCodes)
    .where(eq(brokerageOrderCodes.linkId, linkId))
    .orderBy(desc(brokerageOrderCodes.createdAt))
    .limit(1);
  const now = Date.now();
  return {
    proven: Boolean(link?.provenAt),
    lockedUntil: link?.lockedUntil && link.lockedUntil.getTime() > now ? link.lockedUntil : null,
    codeWaiting: Boolean(latest && !latest.usedAt && latest.expiresAt.getTime() > now),
  };
}

/**
 * Sends a new code to the order's phone: queued by SMS in the same transaction as its hash, the link's row
 * locked so two requests at once cannot both pass the limits. Refused (429) during the wait after wrong
 * tries, within a minute of the last code, and beyond 5 codes in an hour. Returns the SMS's id.
 */
export async function requestSignCode(db: Database, token: string, smsOn: boolean): Promise<string | null> {
  if (!smsOn) throw notFound(ORDER_MESSAGES.smsOff);
  const { order, link } = await usableLink(db, token);
  const to = normalizeIsraeliMobile(order.clientPhone);
  if (!to) throw badRequest(ORDER_MESSAGES.clientPhone);
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(brokerageOrderLinks)
      .where(eq(brokerageOrderLinks.id, link.id))
      .for('update');
    if (!locked || locked.phoneProvenAt) return null;
    const now = new Date();
    if (locked.codesLockedUntil && locked.codesLockedUntil > now)
      throw tooMany(codeLockedMessage(minutes(locked.codesLockedUntil.getTime() - now.getTime())));
    const recent = await tx
      .select({ createdAt: brokerageOrderCodes.createdAt })
      .from(brokerageOrderCodes)
      .where(
        and(
          eq(brokerageOrderCodes.linkId, link.id),
          gt(brokerageOrderCodes.createdAt, new Date(now.getTime() - 3_600_000)),
        ),
      )
      .orderBy(desc(brokerageOrderCodes.createdAt));
    if (recent[0] && now.getTime() - recent[0].createdAt.getTime() < SIGN_CODE.resendSeconds * 1000)
      throw tooMany(ORDER_MESSAGES.codeTooSoon);
    if (recent.length >= SIGN_CODE.perHour) throw tooMany(ORDER_MESSAGES.codeTooMany);
    const code = String(randomInt(0, 10 ** SIGN_CODE.digits)).padStart(SIGN_CODE.digits, '0');
    const expiresAt = new Date(now.getTime() + SIGN_CODE.minutes * 60_000);
    await tx
      .insert(brokerageOrderCodes)
      .values({ linkId: link.id, codeHash: codeHash(token, code), expiresAt });
    return enqueueSms(tx, {
      kind: 'order-sign-code',
      refId: order.id,
      to,
      text: `${code} הוא קוד האימות לחתימה על המסמך מ${order.agencyName}. הקוד תקף ${SIGN_CODE.minutes} דקות. אין למסור אותו לאף אחד.`,
      expiresAt,
    });
  });
}

/**
 * Checks a code against the link's latest one. Each try is counted before the comparison (a conditional
 * update), so tries sent at once cannot pass the limit; the fifth wrong one locks the link's codes for 15
 * minutes. The right one marks the link's phone proven.
 */
export async function verifySignCode(db: Database, token: string, typed: string, smsOn: boolean) {
  if (!smsOn) throw notFound(ORDER_MESSAGES.smsOff);
  const { link } = await usableLink(db, token);
  if (link.phoneProvenAt) return;
  const now = new Date();
  if (link.codesLockedUntil && link.codesLockedUntil > now)
    throw tooMany(codeLockedMessage(minutes(link.codesLockedUntil.getTime() - now.getTime())));
  const code = typed.replace(/[\s-]/g, '');
  if (!new RegExp(`^\\d{${SIGN_CODE.digits}}$`).test(code))
    throw badRequest(ORDER_MESSAGES.codeMissing, { code: ORDER_MESSAGES.codeMissing });
  const [latest] = await db
    .select()
    .from(brokerageOrderCodes)
    .where(eq(brokerageOrderCodes.linkId, link.id))
    .orderBy(desc(brokerageOrderCodes.createdAt))
    .limit(1);
  if (!latest || latest.usedAt) throw badRequest(ORDER_MESSAGES.codeNone, { code: ORDER_MESSAGES.codeNone });
  if (latest.expiresAt <= now)
    throw badRequest(ORDER_MESSAGES.codeExpired, { code: ORDER_MESSAGES.codeExpired });
  const [counted] = await db
    .update(brokerageOrderCodes)
    .set({ attempts: sql`${brokerageOrderCodes.attempts} + 1` })
    .where(
      and(
        eq(brokerageOrderCodes.id, latest.id),
        lt(brokerageOrderCodes.attempts, SIGN_CODE.attempts),
        isNull(brokerageOrderCodes.usedAt),
      ),
    )
    .returning({ attempts: brokerageOrderCodes.attempts });
  if (!counted) throw tooMany(codeLockedMessage(SIGN_CODE.waitMinutes));
  if (sameHash(latest.codeHash, codeHash(token, code))) {
    await db.transaction(async (tx) => {
      await tx.update(brokerageOrderCodes).set({ usedAt: now }).where(eq(brokerageOrderCodes.id, latest.id));
      await tx
        .update(brokerageOrderLinks)
        .set({ phoneProvenAt: now })
        .where(and(eq(brokerageOrderLinks.id, link.id), isNull(brokerageOrderLinks.usedAt)));
    });
    return;
  }
  const left = SIGN_CODE.attempts - counted.attempts;
  if (left > 0) throw badRequest(codeWrongMessage(left), { code: codeWrongMessage(left) });
  await db
    .update(brokerageOrderLinks)
    .set({ codesLockedUntil: new Date(now.getTime() + SIGN_CODE.waitMinutes * 60_000) })
    .where(eq(brokerageOrderLinks.id, link.id));
  throw tooMany(codeLockedMessage(SIGN_CODE.waitMinutes));
}

import { randomBytes } from 'node:crypto';
import { paths } from '@shared/paths';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { passwordResetTokens, sessions, users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { absoluteUrl } from '../../lib/links';
import { hashToken } from '../../plugins/session';
import { enqueueMail } from '../mail';
import { assertPasswordAllowed } from './account-service';
import { hashPassword } from './passwords';
import { findUserByEmail } from './service';

export const RESET_TTL_MS = 60 * 60_000;
export const RESET_MESSAGES = {
  requested: 'אם הכתובת רשומה במערכת, נשלח אליה קישור לאיפוס הסיסמה. הקישור תקף לשעה אחת.',
  invalidLink: 'הקישור לאיפוס הסיסמה אינו תקף, כבר נוצל או שפג תוקפו. יש לבקש קישור חדש.',
  done: 'הסיסמה עודכנה. אפשר להתחבר עם הסיסמה החדשה.',
} as const;

/**
 * For an active user: stores the SHA-256 of a fresh random token and queues the mail with the link.
 * Unknown or inactive e-mails do nothing, so the answer never tells whether an account exists.
 */
export async function requestPasswordReset(db: Database, email: string, origin: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user?.active) return;
  const token = randomBytes(32).toString('base64url');
  const link = absoluteUrl(origin, paths.resetPassword(token));
  await db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_TTL_MS),
    });
    await enqueueMail(tx as unknown as Database, {
      kind: 'password-reset',
      refId: user.id,
      to: user.email,
      subject: 'איפוס סיסמה',
      text: [
        `שלום ${user.name},`,
        '',
        'התקבלה בקשה לאיפוס הסיסמה שלך. לבחירת סיסמה חדשה יש להיכנס לקישור (תקף לשעה אחת ולשימוש אחד):',
        link,
        '',
        'אם לא ביקשת לאפס את הסיסמה, אפשר להתעלם מהודעה זו.',
      ].join('\n'),
    });
  });
}

/** Uses a reset token once: sets the new password, spends every open link of the user and ends its sessions. */
export async function resetPassword(db: Database, token: string, newPassword: string): Promise<void> {
  const tokenHash = hashToken(token);
  const [found] = await db
    .select({ userId: users.id, email: users.email, name: users.name })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
        eq(users.active, true),
      ),
    )
    .limit(1);
  if (!found) throw badRequest(RESET_MESSAGES.invalidLink, { token: RESET_MESSAGES.invalidLink });
  assertPasswordAllowed(newPassword, found);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    // Claiming the token in the same statement that checks it: a second concurrent use finds nothing.
    const claimed = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt)))
      .returning({ userId: passwordResetTokens.userId });
    if (claimed.length === 0)
      throw badRequest(RESET_MESSAGES.invalidLink, { token: RESET_MESSAGES.invalidLink });
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, found.userId), isNull(passwordResetTokens.usedAt)));
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, found.userId));
    await tx.delete(sessions).where(eq(sessions.userId, found.userId));
  });
}

import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { sessions } from '../db/schema';
import { hashToken, SESSION_COOKIE } from '../plugins/session';

/** A fresh session of the user, inserted directly (no sign-in, no argon2): a `cookie` header value. */
export async function sessionCookieFor(db: Database, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return `${SESSION_COOKIE}=${token}`;
}

import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword } from './passwords';

/**
 * After a successful sign-in with an imported bcrypt hash, stores the password as argon2id instead.
 * Only if the hash is still the one just checked, so a concurrent password change is never overwritten.
 */
export async function upgradeLegacyHash(
  db: Database,
  user: { id: string; passwordHash: string },
  password: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db
    .update(users)
    .set({ passwordHash, updatedAt: new Date() })
    .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
}

import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../modules/users/passwords';

export const TEST_PASSWORD = 'correct-horse-42';
let cachedHash: Promise<string> | undefined;

type UserInsert = typeof users.$inferInsert;

/** Inserts a user (an agent by default) whose password is TEST_PASSWORD. */
export async function createUser(db: Database, overrides: Partial<UserInsert> = {}) {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const [row] = await db
    .insert(users)
    .values({
      name: 'סוכן בדיקה',
      email: `user-${randomUUID().slice(0, 8)}@example.com`,
      phoneNumber: '050-123-4567',
      role: 'agent',
      passwordHash: await cachedHash,
      ...overrides,
    })
    .returning();
  return row!;
}

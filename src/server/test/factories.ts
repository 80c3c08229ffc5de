import { randomUUID } from 'node:crypto';
import { shownOnSiteByDefault } from '@shared/domain/roles';
import type { Database } from '../db/client';
import { properties, users } from '../db/schema';
import { hashPassword } from '../modules/users';

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
      // Admins of the tests manage the whole network, as every admin did before branches (migration branches).
      networkAccess: overrides.role === 'admin',
      // As createUser gives it: shown on the public site when doing agent work.
      showOnSite: shownOnSiteByDefault({
        role: overrides.role ?? 'agent',
        companyRole: overrides.companyRole,
      }),
      ...overrides,
    })
    .returning();
  return row!;
}

type PropertyInsert = typeof properties.$inferInsert;

/** Inserts a property (a not-sold flat for sale in Haifa by default), without images. */
export async function createProperty(db: Database, overrides: Partial<PropertyInsert> = {}) {
  const [row] = await db
    .insert(properties)
    .values({
      typeTransaction: 'מכירה',
      city: 'חיפה',
      address: 'מוריה 10',
      price: 1_500_000,
      category: 'דירה',
      rooms: 4,
      floor: '3',
      size: 100,
      ...overrides,
    })
    .returning();
  return row!;
}

import type { BranchScope } from '@shared/domain/branch-scope';
import { isTeamMember } from '@shared/domain/roles';
import type { BranchRef } from '@shared/schemas/branch';
import type { Colleague, PublicUser, User } from '@shared/schemas/user';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { branchRefOf, inBranchScope } from '../branches';
import { upgradeLegacyHash } from './legacy-hash';
import { burnPasswordCheck, isLegacyHash, verifyPassword } from './passwords';

type UserRow = typeof users.$inferSelect;

/** Branches by id (branchDirectory), to name each person's branch. */
type Branches = Map<string, BranchRef>;

export function toPublicUser(row: UserRow, branches: Branches): PublicUser {
  return {
    _id: row.id,
    name: row.name,
    phone_number: row.phoneNumber,
    companyRole: row.companyRole,
    gender: row.gender,
    image: row.image,
    aboutMe: row.aboutMe,
    branch: branchRefOf(branches, row.branchId),
  };
}

export function toColleague(row: UserRow, branches: Branches): Colleague {
  return { ...toPublicUser(row, branches), role: row.role };
}

export function toUser(row: UserRow, branches: Branches): User {
  return {
    ...toColleague(row, branches),
    email: row.email,
    active: row.active,
    networkAccess: row.role === 'admin' && row.networkAccess,
  };
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row;
}

/** The active user with this e-mail and password, or undefined (same time spent either way). */
export async function authenticate(
  db: Database,
  email: string,
  password: string,
): Promise<UserRow | undefined> {
  const user = await findUserByEmail(db, email);
  if (!user?.active) {
    await burnPasswordCheck(password);
    return undefined;
  }
  if (!(await verifyPassword(user.passwordHash, password))) return undefined;
  if (isLegacyHash(user.passwordHash)) await upgradeLegacyHash(db, user, password);
  return user;
}

export async function listActiveUsers(db: Database, scope: BranchScope = { all: true }): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.active, true), inBranchScope(scope, users.branchId)))
    .orderBy(asc(users.name));
}

/**
 * A branch's public team, as the agents grid shows it (the public fields of its active team members: a bare
 * system account is nobody's business), for the branch's public page.
 */
export async function listBranchTeam(
  db: Database,
  branchId: string,
  branches: Branches,
): Promise<PublicUser[]> {
  const rows = await listActiveUsers(db, { all: false, branchId });
  return rows.filter(isTeamMember).map((row) => toPublicUser(row, branches));
}

export async function getVisibleUser(db: Database, id: string, viewerIsAdmin: boolean): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row || (!row.active && !viewerIsAdmin)) throw notFound('המשתמש לא נמצא');
  return row;
}

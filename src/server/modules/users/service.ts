import type { BranchScope } from '@shared/domain/branch-scope';
import { publicPhone } from '@shared/domain/roles';
import type { BranchRef } from '@shared/schemas/branch';
import type { Colleague, PublicUser, User } from '@shared/schemas/user';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { branchDirectory, branchRefOf, inBranchScope, officePhoneOf } from '../branches';
import { upgradeLegacyHash } from './legacy-hash';
import { burnPasswordCheck, isLegacyHash, verifyPassword } from './passwords';

type UserRow = typeof users.$inferSelect;

/** Branches by id (branchDirectory), to name each person's branch and reach its office. */
type Branches = Map<string, BranchRef & { phone: string }>;

/** Who the public site shows: active people whose manager shows them (docs/decisions/0057). */
export const isShownOnSite = (row: Pick<UserRow, 'active' | 'showOnSite'>): boolean =>
  row.active && row.showOnSite;

/** What a visitor sees of a person: the public fields, the phone they chose to show or their office's. */
export function toPublicUser(row: UserRow, branches: Branches): PublicUser {
  const { phone, office } = publicPhone(row, officePhoneOf(branches, row.branchId));
  return { ...toStaffView(row, branches), phone_number: phone, officePhone: office };
}

/** The public fields with the person's own phone, as colleagues see them. */
function toStaffView(row: UserRow, branches: Branches): PublicUser {
  return {
    _id: row.id,
    name: row.name,
    phone_number: row.phoneNumber,
    officePhone: false,
    companyRole: row.companyRole,
    gender: row.gender,
    image: row.image,
    aboutMe: row.aboutMe,
    branch: branchRefOf(branches, row.branchId),
  };
}

export function toColleague(row: UserRow, branches: Branches): Colleague {
  return { ...toStaffView(row, branches), role: row.role };
}

export function toUser(row: UserRow, branches: Branches): User {
  return {
    ...toColleague(row, branches),
    email: row.email,
    active: row.active,
    networkAccess: row.role === 'admin' && row.networkAccess,
    showOnSite: row.showOnSite,
    showPhone: row.showPhone,
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
 * A branch's public team, as the agents grid shows it (the public fields of the people shown on the site), for
 * the branch's public page.
 */
export async function listBranchTeam(
  db: Database,
  branchId: string,
  branches: Branches,
): Promise<PublicUser[]> {
  const rows = await listActiveUsers(db, { all: false, branchId });
  return rows.filter(isShownOnSite).map((row) => toPublicUser(row, branches));
}

/** A person as the public site shows them (their agent page's head), or undefined when it does not show them. */
export async function findPublicUser(db: Database, id: string): Promise<PublicUser | undefined> {
  const row = await findUserById(db, id);
  return row && isShownOnSite(row) ? toPublicUser(row, await branchDirectory(db)) : undefined;
}

export async function getVisibleUser(db: Database, id: string, viewerIsAdmin: boolean): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row || (!row.active && !viewerIsAdmin)) throw notFound('המשתמש לא נמצא');
  return row;
}

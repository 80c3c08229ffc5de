import { randomBytes } from 'node:crypto';
import { type BranchScope, hasNetworkAccess } from '@shared/domain/branch-scope';
import { genderOfTitle, shownOnSiteByDefault } from '@shared/domain/roles';
import {
  type CreateUserBody,
  isSameAsEmail,
  PASSWORD_MESSAGES,
  type UpdateUserBody,
} from '@shared/schemas/account';
import { BRANCH_MESSAGES } from '@shared/schemas/branch';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, forbidden, LAST_ADMIN_MESSAGE, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import { assertBranchOpen, assertInScope, inBranchScope } from '../branches';
import { assertPasswordAllowed, assertStrongPassword } from './account-service';
import { hashPassword } from './passwords';
import { findUserByEmail, findUserById } from './service';

type UserRow = typeof users.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export const ADMIN_RULES = {
  emailTaken: 'כתובת המייל כבר רשומה במערכת',
  selfDeactivate: 'אי אפשר להשבית את החשבון שלך',
  selfDemote: 'אי אפשר להוריד את הרשאות הניהול של החשבון שלך',
  lastAdmin: LAST_ADMIN_MESSAGE,
} as const;

/** The fields an audit entry may show (never the password hash). */
export function auditView(row: UserRow) {
  return {
    name: row.name,
    email: row.email,
    phone_number: row.phoneNumber,
    role: row.role,
    companyRole: row.companyRole,
    branchId: row.branchId,
    networkAccess: row.networkAccess,
    gender: row.gender,
    image: row.image,
    aboutMe: row.aboutMe,
    active: row.active,
    showOnSite: row.showOnSite,
    showPhone: row.showPhone,
  };
}

/** A readable random password (about 72 bits), shown to the admin once. */
export function generatePassword(): string {
  return `${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}7a`;
}

/** Every user, active first, then by name (the admin's users page). */
export async function listAllUsers(db: Database, scope: BranchScope = { all: true }): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(inBranchScope(scope, users.branchId))
    .orderBy(desc(users.active), asc(users.name));
}

async function assertEmailFree(db: Database | Tx, email: string, exceptId?: string) {
  const existing = await findUserByEmail(db as Database, email);
  if (existing && existing.id !== exceptId)
    throw conflict(ADMIN_RULES.emailTaken, { email: ADMIN_RULES.emailTaken });
}

/** A unique-index race (two admins, same e-mail) is still a 409, not a 500. */
async function uniqueEmail<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const code =
      (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    if (code === '23505') throw conflict(ADMIN_RULES.emailTaken, { email: ADMIN_RULES.emailTaken });
    throw err;
  }
}

/** Locks the active admins' rows, so two concurrent demotions cannot both pass the last-admin check. */
async function activeAdminIds(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.active, true)))
    .for('update');
  return rows.map((r) => r.id);
}

const USER_NOT_FOUND = 'המשתמש לא נמצא';

/** The user, locked; someone outside the actor's branch scope is not found (docs/decisions/0033). */
async function lockUser(tx: Tx, actor: SessionUser, id: string): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!row) throw notFound(USER_NOT_FOUND);
  assertInScope(actor.branchScope, row.branchId, USER_NOT_FOUND);
  return row;
}

/**
 * The branch and network access a write gives: a branch of the actor's scope (a branch manager's own by
 * default), and network access only from a network admin, to an admin.
 */
async function placement(
  db: Database | Tx,
  actor: SessionUser,
  body: { branchId?: string; networkAccess?: boolean; role?: string },
  current?: UserRow,
) {
  const branchId = body.branchId ?? current?.branchId ?? actor.branchId;
  if (body.branchId !== undefined) await assertBranchOpen(db as Database, actor.branchScope, body.branchId);
  if (body.networkAccess !== undefined && !hasNetworkAccess(actor))
    throw forbidden(BRANCH_MESSAGES.networkOnly);
  const role = body.role ?? current?.role;
  // A new admin gets the network access of the admin who adds it unless the body says otherwise: a network
  // admin's new admin runs the network as every admin did before branches; a branch manager's runs the branch.
  const networkAccess =
    role === 'admin' && (body.networkAccess ?? current?.networkAccess ?? hasNetworkAccess(actor));
  return { branchId, networkAccess };
}

export async function createUser(
  db: Database,
  actor: SessionUser,
  body: CreateUserBody & { email: string },
): Promise<{ user: UserRow; generatedPassword?: string }> {
  await assertEmailFree(db, body.email);
  if (body.password) assertPasswordAllowed(body.password, body, 'password');
  const generatedPassword = body.password ? undefined : generatePassword();
  const passwordHash = await hashPassword(body.password ?? generatedPassword!);
  const place = await placement(db, actor, body);
  const user = await uniqueEmail(() =>
    db.transaction(async (tx) => {
      // Checked again under a lock: a branch closed since (and its people moved) takes nobody new.
      await assertBranchOpen(tx as unknown as Database, actor.branchScope, place.branchId);
      const [row] = await tx
        .insert(users)
        .values({
          name: body.name,
          email: body.email.trim(),
          phoneNumber: body.phone_number,
          role: body.role,
          companyRole: body.companyRole ?? null,
          gender: body.gender ?? genderOfTitle(body.companyRole) ?? 'male',
          aboutMe: body.aboutMe ?? '',
          image: body.image ?? null,
          showOnSite: body.showOnSite ?? shownOnSiteByDefault(body),
          showPhone: body.showPhone ?? true,
          ...place,
          passwordHash,
        })
        .returning();
      await recordAudit(tx as unknown as Database, actor, {
        entity: 'user',
        entityId: row!.id,
        action: 'create',
        before: null,
        after: auditView(row!),
      });
      return row!;
    }),
  );
  return { user, generatedPassword };
}

export async function updateUser(
  db: Database,
  actor: SessionUser,
  id: string,
  body: UpdateUserBody,
): Promise<UserRow> {
  // An admin never demotes itself: another admin does it, so the agency always knows who still manages it.
  if (id === actor.id && body.role === 'agent' && actor.role === 'admin')
    throw conflict(ADMIN_RULES.selfDemote, { role: ADMIN_RULES.selfDemote });
  if (body.email !== undefined) await assertEmailFree(db, body.email, id);
  if (body.password) {
    // Checked against the name and e-mail the user will have, changed here or kept.
    const current = await findUserById(db, id);
    if (!current) throw notFound(USER_NOT_FOUND);
    assertInScope(actor.branchScope, current.branchId, USER_NOT_FOUND);
    assertStrongPassword(
      body.password,
      [body.email ?? current.email, body.name ?? current.name, current.email, current.name],
      'password',
    );
  }
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  return uniqueEmail(() =>
    db.transaction(async (tx) => {
      const admins = body.role === 'agent' ? await activeAdminIds(tx) : [];
      const before = await lockUser(tx, actor, id);
      if (body.password && isSameAsEmail(body.password, body.email ?? before.email))
        throw badRequest(PASSWORD_MESSAGES.sameAsEmail, { password: PASSWORD_MESSAGES.sameAsEmail });
      if (body.role === 'agent' && before.role === 'admin' && before.active && admins.length <= 1)
        throw conflict(ADMIN_RULES.lastAdmin);
      const [after] = await tx
        .update(users)
        .set({
          name: body.name,
          email: body.email,
          phoneNumber: body.phone_number,
          role: body.role,
          companyRole: body.companyRole,
          gender: body.gender,
          aboutMe: body.aboutMe,
          image: body.image,
          showOnSite: body.showOnSite,
          showPhone: body.showPhone,
          ...(await placement(tx, actor, body, before)),
          passwordHash,
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
        .returning();
      // A password set by an admin ends every open session of that user.
      if (passwordHash) await tx.delete(sessions).where(eq(sessions.userId, id));
      await recordAudit(tx as unknown as Database, actor, {
        entity: 'user',
        entityId: id,
        action: 'update',
        before: { ...auditView(before), credentialsChanged: false },
        after: { ...auditView(after!), credentialsChanged: Boolean(passwordHash) },
      });
      return after!;
    }),
  );
}

/** Deactivates (never deletes): sessions end at once, history stays. */
export async function deactivateUser(db: Database, actor: SessionUser, id: string): Promise<UserRow> {
  if (id === actor.id) throw conflict(ADMIN_RULES.selfDeactivate);
  return db.transaction(async (tx) => {
    const admins = await activeAdminIds(tx);
    const before = await lockUser(tx, actor, id);
    if (before.role === 'admin' && before.active && admins.length <= 1) throw conflict(ADMIN_RULES.lastAdmin);
    const [after] = await tx
      .update(users)
      .set({ active: false, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    await tx.delete(sessions).where(eq(sessions.userId, id));
    if (before.active)
      await recordAudit(tx as unknown as Database, actor, {
        entity: 'user',
        entityId: id,
        action: 'deactivate',
        before: { active: true },
        after: { active: false },
      });
    return after!;
  });
}

export async function activateUser(db: Database, actor: SessionUser, id: string): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const before = await lockUser(tx, actor, id);
    const [after] = await tx
      .update(users)
      .set({ active: true, updatedAt: new Date() })
      .where(and(eq(users.id, id), ne(users.active, true)))
      .returning();
    if (!after) return before;
    await recordAudit(tx as unknown as Database, actor, {
      entity: 'user',
      entityId: id,
      action: 'activate',
      before: { active: false },
      after: { active: true },
    });
    return after;
  });
}

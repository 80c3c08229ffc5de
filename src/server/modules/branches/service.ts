import type { BranchScope } from '@shared/domain/branch-scope';
import {
  BRANCH_CLOSE_MESSAGES,
  BRANCH_MESSAGES,
  type Branch,
  type BranchRef,
  type CreateBranchBody,
  type UpdateBranchBody,
} from '@shared/schemas/branch';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { branches, properties, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict } from '../../lib/errors';
import { scopes } from '../../plugins/cache-scopes';
import { ReadCache } from '../../plugins/read-cache';
import type { SessionUser } from '../../plugins/session';
import { assertInScope, inBranchScope } from './scope';

type BranchRow = typeof branches.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export function toBranch(row: BranchRow): Branch {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    city: row.city,
    address: row.address,
    phone: row.phone,
    email: row.email,
    openingHours: row.openingHours,
    legalEntity: row.legalEntity,
    brokers: row.brokers,
    active: row.active,
  };
}

/** The branches a session may see, open ones first, then by name. */
export async function listBranches(db: Database, scope: BranchScope): Promise<BranchRow[]> {
  return db
    .select()
    .from(branches)
    .where(inBranchScope(scope, branches.id))
    .orderBy(asc(branches.createdAt), asc(branches.name));
}

/** The branch, when the scope sees it (404 otherwise). */
export async function branchInScope(db: Database, scope: BranchScope, id: string): Promise<BranchRow> {
  const [row] = await db.select().from(branches).where(eq(branches.id, id)).limit(1);
  if (!row) throw badRequest(BRANCH_MESSAGES.notFound, { branchId: BRANCH_MESSAGES.notFound });
  assertInScope(scope, row.id, BRANCH_MESSAGES.notFound);
  return row;
}

/** The open branches, in the order the network opened them (the head office first). */
export async function listOpenBranches(db: Database): Promise<BranchRow[]> {
  return db
    .select()
    .from(branches)
    .where(eq(branches.active, true))
    .orderBy(asc(branches.createdAt), asc(branches.name));
}

/** An open branch by its public address (/branches/<slug>), or undefined: a closed branch has no public page. */
export async function findOpenBranchBySlug(db: Database, slug: string): Promise<BranchRow | undefined> {
  const [row] = await db
    .select()
    .from(branches)
    .where(and(eq(branches.slug, slug), eq(branches.active, true)))
    .limit(1);
  return row;
}

/**
 * A branch a row may be placed in: seen by the scope, and open (400 on the `branchId` field otherwise). Inside a
 * transaction the row stays locked (FOR SHARE) until it ends, so a close of the branch (which locks it FOR
 * UPDATE) waits for the placement and moves the row too, or the placement waits and is refused.
 */
export async function assertBranchOpen(db: Database, scope: BranchScope, id: string): Promise<BranchRow> {
  const [row] = await db.select().from(branches).where(eq(branches.id, id)).limit(1).for('share');
  if (!row || !(scope.all || scope.branchId === id))
    throw badRequest(BRANCH_MESSAGES.notFound, { branchId: BRANCH_MESSAGES.notFound });
  if (!row.active) throw badRequest(BRANCH_MESSAGES.closed, { branchId: BRANCH_MESSAGES.closed });
  return row;
}

async function assertUnique(db: Database, body: { name?: string; slug?: string }, exceptId?: string) {
  const other = (column: typeof branches.name | typeof branches.slug, value: string) =>
    db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(column, value), exceptId ? ne(branches.id, exceptId) : undefined))
      .limit(1);
  if (body.name !== undefined && (await other(branches.name, body.name)).length > 0)
    throw conflict(BRANCH_MESSAGES.nameTaken, { name: BRANCH_MESSAGES.nameTaken });
  if (body.slug !== undefined && (await other(branches.slug, body.slug)).length > 0)
    throw conflict(BRANCH_MESSAGES.slugTaken, { slug: BRANCH_MESSAGES.slugTaken });
}

export async function createBranch(db: Database, actor: SessionUser, body: CreateBranchBody) {
  await assertUnique(db, body);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(branches)
      .values(body as typeof branches.$inferInsert)
      .returning();
    await recordAudit(tx as unknown as Database, actor, {
      entity: 'branch',
      entityId: row!.id,
      action: 'create',
      after: toBranch(row!),
    });
    return row!;
  });
}

/** Whether people or listings still name the branch (a plain close is refused then: use the close flow). */
export async function holdsPeopleOrListings(db: Database | Tx, branchId: string): Promise<boolean> {
  const [person] = await db.select({ id: users.id }).from(users).where(eq(users.branchId, branchId)).limit(1);
  if (person) return true;
  const [listing] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.branchId, branchId))
    .limit(1);
  return Boolean(listing);
}

/**
 * Edits a branch; closing the last open one is refused (an agent always has an open branch to be in), and so is
 * closing one that still holds people or listings (they move with the close flow: close.ts).
 */
export async function updateBranch(db: Database, actor: SessionUser, id: string, body: UpdateBranchBody) {
  const before = await branchInScope(db, actor.branchScope, id);
  await assertUnique(db, body, id);
  return db.transaction(async (tx) => {
    if (body.active === false && before.active) {
      const open = await tx
        .select({ id: branches.id })
        .from(branches)
        .where(eq(branches.active, true))
        .for('update');
      if (open.length <= 1)
        throw conflict(BRANCH_MESSAGES.lastActive, { active: BRANCH_MESSAGES.lastActive });
      // A branch that still holds people or listings closes through the close flow, which moves them.
      if (await holdsPeopleOrListings(tx, id))
        throw conflict(BRANCH_CLOSE_MESSAGES.holdsRows, { active: BRANCH_CLOSE_MESSAGES.holdsRows });
    }
    const [row] = await tx
      .update(branches)
      .set({ ...(body as Partial<typeof branches.$inferInsert>), updatedAt: new Date() })
      .where(eq(branches.id, id))
      .returning();
    await recordAudit(tx as unknown as Database, actor, {
      entity: 'branch',
      entityId: id,
      action: 'update',
      before: toBranch(before),
      after: toBranch(row!),
    });
    return row!;
  });
}

/**
 * Every branch by id, for naming them on answers: a network holds tens of branches, so the whole directory is
 * one small cached read (10 s, dropped by a branch write in any process: docs/decisions/0022).
 */
const directory = new ReadCache<Map<string, BranchEntry>>({
  name: 'branches',
  ttlMs: 10_000,
  maxEntries: 10,
  reads: () => [scopes.branches],
});

/** A branch of the directory: how answers name it, and its office phone (the public site's fallback). */
type BranchEntry = BranchRef & { phone: string };

export function branchDirectory(db: Database): Promise<Map<string, BranchEntry>> {
  return directory.get(db, 'branches', async () => {
    const rows = await db
      .select({ id: branches.id, name: branches.name, slug: branches.slug, phone: branches.phone })
      .from(branches);
    return new Map(
      rows.map((row) => [row.id, { _id: row.id, name: row.name, slug: row.slug, phone: row.phone }]),
    );
  });
}

/** The branch of an id from the directory (a row's branch always exists: the foreign key). */
export function branchRefOf(directory: Map<string, BranchRef>, id: string): BranchRef {
  const entry = directory.get(id);
  return entry ? { _id: entry._id, name: entry.name, slug: entry.slug } : { _id: id, name: '', slug: '' };
}

/** The office phone of a branch from the directory ('' when it has none). */
export function officePhoneOf(directory: Map<string, BranchEntry>, id: string): string {
  return directory.get(id)?.phone ?? '';
}

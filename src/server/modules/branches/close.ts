import { israelYearMonth } from '@shared/domain/israel-calendar';
import { CLOSED_STATUSES } from '@shared/domain/pipeline';
import {
  BRANCH_CLOSE_MESSAGES,
  BRANCH_MESSAGES,
  type BranchClosePreview,
  CLOSE_PREVIEW_NAMES,
  type NamedGroup,
} from '@shared/schemas/branch';
import { and, asc, count, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { branches, contacts, goals, leads, properties, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import { assertInScope } from './scope';
import { toBranch } from './service';

/**
 * Closing a branch (docs/branches.md, "Closing a branch"; docs/decisions/0046): everything that still works in
 * it moves to one open branch in one transaction: its people (the role history dates the move, so past months
 * stay with this branch), its listings, its open leads, the contacts filed under it and its agents' goals from
 * this month on. The past stays where it happened: closed leads, daily entries, deals and issued orders.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Reader = Database | Tx;

/** The agents' goals that follow their agents: this month and later. */
const fromThisMonth = (): SQL => {
  const { year, month } = israelYearMonth();
  return sql`(${goals.year} * 12 + ${goals.month}) >= ${year * 12 + month}`;
};

type Kind = keyof Omit<BranchClosePreview, 'branch'>;
const KINDS: Kind[] = ['people', 'listings', 'openLeads', 'contacts', 'goals'];

/** Each kind of row a close moves: its table, its branch column, which of its rows move and how it is named. */
type Mover = {
  table: PgTable;
  column: AnyPgColumn;
  where?: SQL;
  name: SQL<string> | AnyPgColumn;
  id: AnyPgColumn;
};

function movers(): Record<Kind, Mover> {
  return {
    people: { table: users, column: users.branchId, name: users.name, id: users.id },
    listings: {
      table: properties,
      column: properties.branchId,
      name: sql<string>`${properties.address} || ', ' || ${properties.city}`,
      id: properties.id,
    },
    openLeads: {
      table: leads,
      column: leads.branchId,
      where: notInArray(leads.status, [...CLOSED_STATUSES]),
      name: leads.name,
      id: leads.id,
    },
    contacts: { table: contacts, column: contacts.branchId, name: contacts.name, id: contacts.id },
    goals: {
      table: goals,
      column: goals.branchId,
      where: fromThisMonth(),
      name: sql<string>`(select ${users.name} from ${users} where ${users.id} = ${goals.agentId}) || ' · ' || ${goals.month} || '/' || ${goals.year}`,
      id: goals.id,
    },
  };
}

async function group(db: Reader, branchId: string, kind: Kind): Promise<NamedGroup> {
  const m = movers()[kind];
  const where = and(eq(m.column, branchId), m.where);
  const [total] = await db.select({ n: count() }).from(m.table).where(where);
  const names = await db
    .select({ _id: m.id, name: m.name })
    .from(m.table)
    .where(where)
    .orderBy(asc(m.name), asc(m.id))
    .limit(CLOSE_PREVIEW_NAMES);
  return {
    count: Number(total?.n ?? 0),
    names: names.map((row) => ({ _id: String(row._id), name: String(row.name ?? '') })),
  };
}

/** What a close of the branch would move, as the close itself counts it (network admins only). */
export async function closePreview(db: Reader, actor: SessionUser, id: string): Promise<BranchClosePreview> {
  const [row] = await db.select().from(branches).where(eq(branches.id, id)).limit(1);
  if (!row) throw notFound(BRANCH_MESSAGES.notFound);
  assertInScope(actor.branchScope, row.id, BRANCH_MESSAGES.notFound);
  const groups = {} as Record<Kind, NamedGroup>;
  for (const kind of KINDS) groups[kind] = await group(db, id, kind);
  return { branch: { _id: row.id, name: row.name, slug: row.slug }, ...groups };
}

/**
 * Closes the branch and moves what it holds to the open target branch, all or nothing. The open branches are
 * locked first (as a plain close locks them), so two closes cannot leave the network without an open branch.
 */
export async function closeBranch(db: Database, actor: SessionUser, id: string, targetId: string) {
  return db.transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(branches)
      .where(inArray(branches.id, [id, targetId]))
      .orderBy(asc(branches.id))
      .for('update');
    const branch = locked.find((row) => row.id === id);
    if (!branch) throw notFound(BRANCH_MESSAGES.notFound);
    assertInScope(actor.branchScope, branch.id, BRANCH_MESSAGES.notFound);
    if (!branch.active) throw conflict(BRANCH_CLOSE_MESSAGES.alreadyClosed);
    const open = await tx
      .select({ id: branches.id })
      .from(branches)
      .where(eq(branches.active, true))
      .orderBy(asc(branches.id))
      .for('update');
    if (open.length <= 1) throw conflict(BRANCH_MESSAGES.lastActive, { active: BRANCH_MESSAGES.lastActive });
    if (targetId === id)
      throw badRequest(BRANCH_CLOSE_MESSAGES.sameBranch, {
        targetBranchId: BRANCH_CLOSE_MESSAGES.sameBranch,
      });
    const target = locked.find((row) => row.id === targetId);
    if (!target) throw badRequest(BRANCH_MESSAGES.notFound, { targetBranchId: BRANCH_MESSAGES.notFound });
    if (!target.active) throw badRequest(BRANCH_MESSAGES.closed, { targetBranchId: BRANCH_MESSAGES.closed });

    const moved = {} as Record<Kind, number>;
    const all = movers();
    for (const kind of KINDS) {
      const m = all[kind];
      // One UPDATE per kind; the users' one fires the role history trigger, which dates the move.
      const rows = await tx
        .update(m.table)
        .set({ branchId: targetId } as never)
        .where(and(eq(m.column, id), m.where))
        .returning({ id: m.id });
      moved[kind] = rows.length;
    }
    const [after] = await tx
      .update(branches)
      .set({ active: false, updatedAt: new Date() })
      .where(eq(branches.id, id))
      .returning();
    await recordAudit(tx as unknown as Database, actor, {
      entity: 'branch',
      entityId: id,
      action: 'deactivate',
      before: { ...toBranch(branch), movedTo: null },
      after: { ...toBranch(after!), movedTo: target.name, moved },
    });
    return { branch: after!, target, moved };
  });
}

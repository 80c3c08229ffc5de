import { formatAgorot } from '@shared/domain/commission-statement';
import { EARLIEST_DATE } from '@shared/domain/dates';
import { israelYearMonth } from '@shared/domain/israel-calendar';
import { israelDate } from '@shared/domain/israel-time';
import {
  type CreateRoyaltyPaymentBody,
  ROYALTY_MESSAGES,
  type RoyaltyPayment,
  type RoyaltyPaymentList,
  type RoyaltyPaymentListQuery,
  type VoidRoyaltyPaymentBody,
} from '@shared/schemas/royalty-payments';
import { and, asc, eq, gte, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { branches, royaltyPayments } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import { assertInScope } from '../branches';
import { networkRoyalties } from './month-statements';

/**
 * Royalty payments (docs/money.md, "Royalty payments"): network roles record what a branch paid the network and
 * void a payment recorded by mistake (with a reason); a branch's managers read their own branch's. Every change
 * is in the audit log (the branch's entry, `royaltyPayment` before and after).
 */

type Row = typeof royaltyPayments.$inferSelect;

export const thisYearMonth = () => {
  const { year, month } = israelYearMonth();
  return `${year}-${String(month).padStart(2, '0')}`;
};

const toPayment = (row: Row, branchName: string): RoyaltyPayment => ({
  _id: row.id,
  branchId: row.branchId,
  branchName,
  amountAgorot: row.amountAgorot,
  paidOn: row.paidOn,
  forMonth: row.forMonth,
  note: row.note,
  voidedAt: row.voidedAt?.toISOString() ?? null,
  voidReason: row.voidReason,
  createdAt: row.createdAt.toISOString(),
});

/** The audit's picture of a payment. */
const snapshot = (p: RoyaltyPayment | null) =>
  p && {
    royaltyPayment: {
      amountAgorot: p.amountAgorot,
      paidOn: p.paidOn,
      forMonth: p.forMonth,
      note: p.note,
      voidReason: p.voidReason,
    },
  };

/** The sum of a branch's payments (not voided) for the months of a year, up to `upTo` (`YYYY-MM`) when given. */
export async function paidInYear(db: Database, branchId: string, year: string, upTo = `${year}-12`) {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${royaltyPayments.amountAgorot}), 0)` })
    .from(royaltyPayments)
    .where(
      and(
        eq(royaltyPayments.branchId, branchId),
        isNull(royaltyPayments.voidedAt),
        gte(royaltyPayments.forMonth, `${year}-01`),
        lte(royaltyPayments.forMonth, upTo),
      ),
    );
  return Number(row?.sum ?? 0);
}

/**
 * POST /royalty-payments: never more than the branch's balance for the year (the royalties and monthly fees due
 * from January to the payment's month, less every payment for that year not voided), never dated in the future,
 * never for a month still to come.
 */
export async function recordRoyaltyPayment(db: Database, actor: SessionUser, body: CreateRoyaltyPaymentBody) {
  if (body.paidOn > israelDate() || body.paidOn < EARLIEST_DATE)
    throw badRequest(ROYALTY_MESSAGES.paidOn, { paidOn: ROYALTY_MESSAGES.paidOn });
  if (body.forMonth > thisYearMonth())
    throw badRequest(ROYALTY_MESSAGES.forMonth, { forMonth: ROYALTY_MESSAGES.forMonth });
  return db.transaction(async (t) => {
    const tx = t as unknown as Database;
    // One writer of a branch's payments at a time, so two payments never both pass the balance check.
    const [branch] = await tx
      .select({ id: branches.id, name: branches.name })
      .from(branches)
      .where(eq(branches.id, body.branchId))
      .for('update');
    if (!branch) throw badRequest(ROYALTY_MESSAGES.branchId, { branchId: ROYALTY_MESSAGES.branchId });
    const year = body.forMonth.slice(0, 4);
    const dues = await networkRoyalties(tx, { month: body.forMonth });
    const due = dues.branches.find((b) => b.branchId === branch.id)?.year.due ?? 0;
    const left = due - (await paidInYear(tx, branch.id, year));
    if (body.amountAgorot > left) {
      const message = ROYALTY_MESSAGES.overBalance(formatAgorot(Math.max(left, 0)));
      throw badRequest(message, { amountAgorot: message });
    }
    const [row] = await tx
      .insert(royaltyPayments)
      .values({ ...body, createdBy: actor.id })
      .returning();
    const payment = toPayment(row!, branch.name);
    await recordAudit(tx, actor, {
      entity: 'branch',
      entityId: branch.id,
      action: 'update',
      before: { royaltyPayment: null },
      after: snapshot(payment),
    });
    return payment;
  });
}

/** POST /royalty-payments/{id}/void: the payment stays, marked void with its reason, and leaves every figure. */
export async function voidRoyaltyPayment(
  db: Database,
  actor: SessionUser,
  id: string,
  body: VoidRoyaltyPaymentBody,
) {
  return db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const [found] = await tx
      .select({ row: royaltyPayments, branchName: branches.name })
      .from(royaltyPayments)
      .innerJoin(branches, eq(branches.id, royaltyPayments.branchId))
      .where(eq(royaltyPayments.id, id))
      .for('update', { of: royaltyPayments });
    if (!found) throw notFound(ROYALTY_MESSAGES.notFound);
    if (found.row.voidedAt)
      throw badRequest(ROYALTY_MESSAGES.alreadyVoided, { reason: ROYALTY_MESSAGES.alreadyVoided });
    const [row] = await tx
      .update(royaltyPayments)
      .set({ voidedAt: new Date(), voidReason: body.reason, voidedBy: actor.id })
      .where(eq(royaltyPayments.id, id))
      .returning();
    const before = toPayment(found.row, found.branchName);
    const payment = toPayment(row!, found.branchName);
    await recordAudit(tx, actor, {
      entity: 'branch',
      entityId: payment.branchId,
      action: 'update',
      before: snapshot(before),
      after: snapshot(payment),
    });
    return payment;
  });
}

/**
 * GET /royalty-payments: a month's (`month`, by the month they are for) or a year's (`year`) payments, voided
 * ones too (marked), oldest first. Network roles read every branch's or one; a branch's managers their own
 * (another branch is 404).
 */
export async function listRoyaltyPayments(
  db: Database,
  actor: SessionUser,
  query: RoyaltyPaymentListQuery,
): Promise<RoyaltyPaymentList> {
  if (query.branchId) assertInScope(actor.branchScope, query.branchId, ROYALTY_MESSAGES.branchId);
  const branchId = actor.branchScope.all ? query.branchId : actor.branchScope.branchId;
  const period = query.month ?? query.year ?? thisYearMonth();
  const when: SQL =
    period.length === 4
      ? and(gte(royaltyPayments.forMonth, `${period}-01`), lte(royaltyPayments.forMonth, `${period}-12`))!
      : eq(royaltyPayments.forMonth, period);
  const rows = await db
    .select({ row: royaltyPayments, branchName: branches.name })
    .from(royaltyPayments)
    .innerJoin(branches, eq(branches.id, royaltyPayments.branchId))
    .where(and(when, branchId ? eq(royaltyPayments.branchId, branchId) : undefined))
    .orderBy(asc(royaltyPayments.paidOn), asc(royaltyPayments.createdAt));
  const payments = rows.map((r) => toPayment(r.row, r.branchName));
  return {
    period,
    payments,
    total: payments.reduce((sum, p) => sum + (p.voidedAt ? 0 : p.amountAgorot), 0),
  };
}

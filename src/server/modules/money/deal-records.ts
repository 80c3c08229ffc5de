import { formatAgorot } from '@shared/domain/commission-statement';
import { EARLIEST_DATE } from '@shared/domain/dates';
import { israelDate } from '@shared/domain/israel-time';
import {
  DEAL_MESSAGES,
  type DealPaymentBody,
  type DealState,
  type DealStatus,
  type DealStatusBody,
} from '@shared/schemas/deals';
import { type DealStatement, MONEY_MESSAGES } from '@shared/schemas/money';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dealPayments, dealRecords, indicators, leadActivities } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import { assertReadsDeal, statementOf } from './statements';

/**
 * A deal's status and payments (docs/money.md): managers of the deal's branch and network admins change them,
 * each change in the audit log (the lead's entry, `deal` before and after). Partly paid and paid follow from
 * the payments; a cancelled deal stays cancelled and counts in no figure (its indicator row counts no deal).
 */

type Deal = typeof leadActivities.$inferSelect;
type Payment = typeof dealPayments.$inferSelect;

/** A deal's statement (frozen when invoiced); null when its branch has no plan on its date. */
async function statementOrNull(db: Database, deal: Deal): Promise<DealStatement | null> {
  try {
    return await statementOf(db, deal);
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 409) return null;
    throw err;
  }
}

/** What is due for a deal: its statement's total (agorot); null when its branch has no plan on its date. */
async function dueOf(db: Database, deal: Deal): Promise<number | null> {
  return (await statementOrNull(db, deal))?.total ?? null;
}

const paidOf = (payments: Payment[]) => payments.reduce((sum, p) => sum + p.amountAgorot, 0);

/** The status the payments make of a deal that was invoiced. */
const byPayments = (paid: number, due: number | null): DealStatus =>
  paid === 0 ? 'invoiced' : due !== null && paid >= due ? 'paid' : 'partly_paid';

/** The deal, its record (made when missing) and its payments, locked for a change by a manager. */
async function lockDeal(tx: Database, actor: SessionUser, id: string) {
  const [deal] = await tx
    .select()
    .from(leadActivities)
    .where(and(eq(leadActivities.id, id), eq(leadActivities.kind, 'deal')))
    .for('update');
  if (!deal) throw notFound(MONEY_MESSAGES.dealNotFound);
  assertReadsDeal(actor, deal);
  await tx.insert(dealRecords).values({ activityId: id }).onConflictDoNothing();
  const [record] = await tx.select().from(dealRecords).where(eq(dealRecords.activityId, id)).for('update');
  const payments = await tx
    .select()
    .from(dealPayments)
    .where(eq(dealPayments.activityId, id))
    .orderBy(asc(dealPayments.paidOn), asc(dealPayments.createdAt));
  return { deal, record: record!, payments };
}

const toState = (
  dealId: string,
  record: typeof dealRecords.$inferSelect,
  payments: Payment[],
  due: number | null,
): DealState => ({
  dealId,
  status: record.status,
  dueOn: record.dueOn,
  cancelReason: record.cancelReason,
  due,
  paid: paidOf(payments),
  payments: payments.map((p) => ({
    _id: p.id,
    amountAgorot: p.amountAgorot,
    paidOn: p.paidOn,
    note: p.note,
  })),
});

/** The audit's picture of a deal: its status, due date, reason, payments and when its statement was frozen. */
const snapshot = (state: DealState, record: typeof dealRecords.$inferSelect) => ({
  deal: {
    status: state.status,
    dueOn: state.dueOn,
    cancelReason: state.cancelReason,
    payments: state.payments.map(({ amountAgorot, paidOn, note }) => ({ amountAgorot, paidOn, note })),
    statementFrozenAt: record.frozenAt?.toISOString() ?? null,
  },
});

/** Reads the stored state again after a change and writes the audit entry. */
async function finish(
  tx: Database,
  actor: SessionUser,
  deal: Deal,
  before: { state: DealState; record: typeof dealRecords.$inferSelect },
) {
  const { record, payments } = await lockDeal(tx, actor, deal.id);
  const after = toState(deal.id, record, payments, await dueOf(tx, deal));
  await recordAudit(tx, actor, {
    entity: 'lead',
    entityId: deal.leadId,
    action: 'update',
    before: snapshot(before.state, before.record),
    after: snapshot(after, record),
  });
  return after;
}

/** PATCH /deals/{id}/status: signed, invoiced or cancelled (with a reason), and the due date. */
export async function setDealStatus(db: Database, actor: SessionUser, id: string, body: DealStatusBody) {
  return db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const { deal, record, payments } = await lockDeal(tx, actor, id);
    const statement = await statementOrNull(tx, deal);
    const due = statement?.total ?? null;
    const before = toState(id, record, payments, due);
    if (record.status === 'cancelled')
      throw badRequest(DEAL_MESSAGES.cancelled, { status: DEAL_MESSAGES.cancelled });
    const paid = paidOf(payments);
    if (body.status === 'cancelled' && paid > 0)
      throw badRequest(DEAL_MESSAGES.cancelWithPayments, { status: DEAL_MESSAGES.cancelWithPayments });
    if (body.status === 'signed' && paid > 0)
      throw badRequest(DEAL_MESSAGES.backToSignedWithPayments, {
        status: DEAL_MESSAGES.backToSignedWithPayments,
      });
    const status: DealStatus = body.status === 'invoiced' ? byPayments(paid, due) : body.status;
    // Invoicing freezes the statement as it is now (decision 0062); back to signed it is computed again; a
    // cancelled deal keeps its copy for the audit.
    const freeze =
      body.status === 'invoiced' && !record.statement && statement
        ? { statement: { version: 1 as const, statement: withoutFrozenAt(statement) }, frozenAt: new Date() }
        : body.status === 'signed'
          ? { statement: null, frozenAt: null }
          : {};
    await tx
      .update(dealRecords)
      .set({
        ...freeze,
        status,
        cancelReason: status === 'cancelled' ? (body.cancelReason ?? null) : null,
        dueOn: body.dueOn !== undefined ? body.dueOn : record.dueOn,
        updatedBy: actor.id,
        updatedAt: new Date(),
      })
      .where(eq(dealRecords.activityId, id));
    // A cancelled deal leaves the figures: its indicator row counts no deal (the month totals follow by trigger).
    if (status === 'cancelled')
      await tx.update(indicators).set({ deals: 0 }).where(eq(indicators.activityId, id));
    return finish(tx, actor, deal, { state: before, record });
  });
}

const withoutFrozenAt = ({ frozenAt: _, ...statement }: DealStatement): DealStatement => statement;

/** POST /deals/{id}/payments: a payment received, never beyond what is left to pay. */
export async function addDealPayment(db: Database, actor: SessionUser, id: string, body: DealPaymentBody) {
  return db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const { deal, record, payments } = await lockDeal(tx, actor, id);
    if (body.paidOn > israelDate() || body.paidOn < EARLIEST_DATE)
      throw badRequest(DEAL_MESSAGES.paidOn, { paidOn: DEAL_MESSAGES.paidOn });
    if (record.status === 'cancelled')
      throw badRequest(DEAL_MESSAGES.cancelled, { amountAgorot: DEAL_MESSAGES.cancelled });
    if (record.status === 'signed')
      throw badRequest(DEAL_MESSAGES.notInvoiced, { amountAgorot: DEAL_MESSAGES.notInvoiced });
    const due = await dueOf(tx, deal);
    if (due === null) throw new AppError(409, 'CONFLICT', MONEY_MESSAGES.noPlan);
    const before = toState(id, record, payments, due);
    const left = due - before.paid;
    if (body.amountAgorot > left) {
      const message = DEAL_MESSAGES.overDue(formatAgorot(left));
      throw badRequest(message, { amountAgorot: message });
    }
    await tx.insert(dealPayments).values({
      activityId: id,
      amountAgorot: body.amountAgorot,
      paidOn: body.paidOn,
      note: body.note,
      createdBy: actor.id,
    });
    await tx
      .update(dealRecords)
      .set({
        status: byPayments(before.paid + body.amountAgorot, due),
        updatedBy: actor.id,
        updatedAt: new Date(),
      })
      .where(eq(dealRecords.activityId, id));
    return finish(tx, actor, deal, { state: before, record });
  });
}

/** DELETE /deals/{id}/payments/{pid}: a payment recorded by mistake; the status follows what is left. */
export async function deleteDealPayment(db: Database, actor: SessionUser, id: string, paymentId: string) {
  return db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const { deal, record, payments } = await lockDeal(tx, actor, id);
    const payment = payments.find((p) => p.id === paymentId);
    if (!payment) throw notFound(DEAL_MESSAGES.paymentNotFound);
    const due = await dueOf(tx, deal);
    const before = toState(id, record, payments, due);
    await tx.delete(dealPayments).where(eq(dealPayments.id, paymentId));
    if (record.status !== 'cancelled')
      await tx
        .update(dealRecords)
        .set({
          status: byPayments(before.paid - payment.amountAgorot, due),
          updatedBy: actor.id,
          updatedAt: new Date(),
        })
        .where(eq(dealRecords.activityId, id));
    return finish(tx, actor, deal, { state: before, record });
  });
}

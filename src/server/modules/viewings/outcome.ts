import { addDays, israelWallTime } from '@shared/domain/israel-calendar';
import { israelDate } from '@shared/domain/israel-time';
import { isOfficeDay, type OfficeHours } from '@shared/domain/office-clock';
import { isOpenStatus } from '@shared/domain/pipeline';
import { OUTCOME_MESSAGES, type ViewingOutcomeBody } from '@shared/schemas/viewing-outcome';
import { VIEWING_MESSAGES } from '@shared/schemas/viewings';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { leadActivities, leads, viewings } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import { assertInScope } from '../branches';
import { insertActivity, readOfficeHours } from '../leads';
import type { Transaction } from '../mail';
import { orderStatusOf, propertyRow, staffView, type ViewingRow, whenText } from './rules';

/** The follow-up after a viewing: the next office day at 10:00 (the office's opening when it opens later). */
export const FOLLOW_UP_MINUTE = 10 * 60;

export function followUpAt(now: Date, hours: OfficeHours): Date {
  let day = addDays(israelDate(now), 1);
  for (let n = 0; n < 60 && !isOfficeDay(day, hours); n++) day = addDays(day, 1);
  const minute = Math.min(Math.max(FOLLOW_UP_MINUTE, hours.opens), Math.max(hours.opens, hours.closes - 30));
  return israelWallTime(day, minute);
}

/**
 * Who records a viewing's outcome: the viewing's agent, an admin of its branch (the branch manager), a network
 * admin. Outside the branch scope 404 (decision 0033), inside it another agent 403, as the module's other rules.
 */
function assertRecordsOutcome(actor: SessionUser, row: ViewingRow) {
  assertInScope(actor.branchScope, row.branchId, VIEWING_MESSAGES.viewingNotFound);
  if (actor.role === 'admin' || actor.id === row.agentId) return;
  throw forbidden(OUTCOME_MESSAGES.notYours);
}

/**
 * Logs the tour through the pipeline's own path (insertActivity: the activity, its indicator row, the lead's
 * first contact), dated at the viewing and counted for the viewing's agent. The route has already decided the
 * actor may record this viewing, so the pipeline is asked as an admin of the actor's scope: the lead may belong
 * to another agent (the routing rules chose it), and the tour is still the viewing agent's work.
 */
async function logTour(tx: Transaction, actor: SessionUser, row: ViewingRow, note: string) {
  if (!row.leadId || !row.agentId) return null;
  const asRecorder: SessionUser = { ...actor, role: 'admin' };
  return insertActivity(tx, asRecorder, row.leadId, {
    kind: 'buyerTour',
    occurredAt: row.startsAt,
    note,
    agentId: row.agentId,
  });
}

const tourNote = (row: ViewingRow, notes: string) =>
  [OUTCOME_MESSAGES.tourNote(whenText(row.startsAt)), notes].filter(Boolean).join(': ');

/**
 * POST /viewings/{id}/outcome (docs/viewings.md). Took place: in one transaction the viewing is `done` with the
 * interest and notes, a tour is logged on the lead for the agent at the viewing's time (the indicators move as a
 * typed tour does) and the lead's next touch is the next office day at 10:00. Not come: `no_show`, no activity.
 *
 * Once: a second call may correct the interest and notes of a viewing that took place (the one tour stays, its
 * note follows) or repeat a no-show (nothing changes); switching between the two answers 409.
 */
export async function recordOutcome(db: Database, actor: SessionUser, id: string, body: ViewingOutcomeBody) {
  const [found] = await db.select().from(viewings).where(eq(viewings.id, id));
  if (!found) throw notFound(VIEWING_MESSAGES.viewingNotFound);
  assertRecordsOutcome(actor, found);
  const property = await propertyRow(db, found.propertyId);
  const now = new Date();
  const { hours } = await readOfficeHours(db, found.branchId);
  const after = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(viewings).where(eq(viewings.id, id)).for('update');
    if (!row) throw notFound(VIEWING_MESSAGES.viewingNotFound);
    if (row.startsAt > now)
      throw badRequest(OUTCOME_MESSAGES.notStarted, { tookPlace: OUTCOME_MESSAGES.notStarted });
    if (row.status === 'requested' || row.status === 'cancelled')
      throw conflict(OUTCOME_MESSAGES.notConfirmed);
    if (row.status === 'no_show' && body.tookPlace) throw conflict(OUTCOME_MESSAGES.alreadyRecorded);
    if (row.status === 'done' && !body.tookPlace) throw conflict(OUTCOME_MESSAGES.alreadyDone);
    if (row.status === 'no_show') return row;
    const recorded = { outcomeAt: now, outcomeBy: actor.id, updatedAt: now };
    if (!body.tookPlace) {
      const [updated] = await tx
        .update(viewings)
        .set({ status: 'no_show', ...recorded })
        .where(eq(viewings.id, id))
        .returning();
      return updated!;
    }
    const note = tourNote(row, body.notes);
    if (row.status === 'done') {
      if (row.tourActivityId)
        await tx.update(leadActivities).set({ note }).where(eq(leadActivities.id, row.tourActivityId));
      const [updated] = await tx
        .update(viewings)
        .set({ interest: body.interest, outcomeNotes: body.notes, ...recorded })
        .where(eq(viewings.id, id))
        .returning();
      return updated!;
    }
    const tourActivityId = await logTour(tx, actor, row, note);
    if (row.leadId) {
      const [lead] = await tx.select({ status: leads.status }).from(leads).where(eq(leads.id, row.leadId));
      if (lead && isOpenStatus(lead.status))
        await tx
          .update(leads)
          .set({ nextTouchAt: followUpAt(now, hours), updatedAt: now })
          .where(eq(leads.id, row.leadId));
    }
    const [updated] = await tx
      .update(viewings)
      .set({
        status: 'done',
        interest: body.interest,
        outcomeNotes: body.notes,
        tourActivityId,
        ...recorded,
      })
      .where(eq(viewings.id, id))
      .returning();
    return updated!;
  });
  return staffView(after, property, await orderStatusOf(db, after));
}

/**
 * The feedback of a property's viewings that took place between two Israel dates (inclusive), for the seller's
 * report: the time, the interest and the agent's line, never who the visitor was.
 */
export async function viewingFeedback(db: Database, propertyId: string, fromDate: string, toDate: string) {
  const rows = await db
    .select({ at: viewings.startsAt, interest: viewings.interest, notes: viewings.outcomeNotes })
    .from(viewings)
    .where(
      and(
        eq(viewings.propertyId, propertyId),
        eq(viewings.status, 'done'),
        gte(viewings.startsAt, israelWallTime(fromDate, 0)),
        lt(viewings.startsAt, israelWallTime(addDays(toDate, 1), 0)),
      ),
    )
    .orderBy(asc(viewings.startsAt))
    .limit(200);
  return rows.map((r) => ({ at: r.at.toISOString(), interest: r.interest ?? 0, notes: r.notes ?? '' }));
}

import { branchScopeOf } from '@shared/domain/branch-scope';
import { formatDate, formatTime } from '@shared/domain/israel-time';
import { addOfficeMinutes, nextOfficeOpening, type OfficeHours } from '@shared/domain/office-clock';
import { CLOSED_STATUSES } from '@shared/domain/pipeline';
import { COMPANY_ROLES, titlesOf } from '@shared/domain/roles';
import { nextSendTime, PERSONAL_SEND_RULES } from '@shared/domain/send-window';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/client';
import { leads, users } from '../../../db/schema';
import { runSingleton } from '../../../lib/job-lock';
import { nextTurn } from '../../../lib/job-slices';
import { absoluteUrl } from '../../../lib/links';
import { enqueueInTransaction, type Transaction } from '../../mail';
import { enqueuePush } from '../../push';
import { leadUrl } from '../intake/intake';
import { addToManagersDigest, type DigestReader, minutesText } from './escalation-digest';
import { officeHoursOf, readOfficeHours, readOwnBranchSettings } from './settings';

export const CLOCK_MAIL_KIND = { escalation: 'lead-escalation', nextTouch: 'lead-next-touch' } as const;

/** Leads older than this are not chased any more (a lead moved in from before the pipeline, a long outage). */
const LOOKBACK_MS = 30 * 86_400_000;

/** When a mail of the clock may leave: inside office hours, never on Shabbat, a holiday or in quiet hours. */
export function clockMailTime(now: Date, hours: OfficeHours): Date {
  let at = now;
  // Both rules move the time only forward; two rounds settle them (an opening is never inside a rest day).
  for (let i = 0; i < 3; i += 1) at = nextSendTime(nextOfficeOpening(at, hours), PERSONAL_SEND_RULES);
  return at;
}

const when = (at: Date) => `${formatDate(at)} ${formatTime(at)}`;

/**
 * The office managers and the admins who are active: who hears of an escalation besides the owner, each of the
 * leads of the branches she reads (a network admin every branch's; anyone else her own branch's).
 */
async function managers(tx: Transaction): Promise<DigestReader[]> {
  const rows = await tx
    .select({
      email: users.email,
      role: users.role,
      networkAccess: users.networkAccess,
      branchId: users.branchId,
    })
    .from(users)
    .where(
      and(
        eq(users.active, true),
        or(eq(users.role, 'admin'), inArray(users.companyRole, titlesOf(COMPANY_ROLES.officeManager))),
      ),
    );
  return rows.map((row) => ({ email: row.email, scope: branchScopeOf(row) }));
}

type Lead = typeof leads.$inferSelect;

/** Escalates one lead inside the slice's transaction: its owner's mail and push; the managers' digest follows. */
async function escalate(
  tx: Transaction,
  lead: Lead,
  slaMinutes: number,
  hours: OfficeHours,
  origin: string,
  now: Date,
) {
  // Conditional: of two processes (or two runs) only the first sets it and queues the messages.
  const [won] = await tx
    .update(leads)
    .set({ escalatedAt: now })
    .where(and(eq(leads.id, lead.id), isNull(leads.escalatedAt), isNull(leads.firstContactAt)))
    .returning({ id: leads.id });
  if (!won || !lead.ownerId) return false;
  const [owner] = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, lead.ownerId));
  const url = absoluteUrl(origin, leadUrl(lead.id));
  const notBefore = clockMailTime(now, hours);
  // The owner hears of each lead; the managers of all the window's leads in one digest.
  if (owner?.email) {
    await enqueueInTransaction(tx, {
      kind: CLOCK_MAIL_KIND.escalation,
      refId: lead.id,
      to: owner.email,
      subject: `ליד ממתין למענה: ${lead.name}`,
      text: [
        `הליד של ${lead.name} (${lead.phone}) לא קיבל מענה תוך ${minutesText(slaMinutes)} של שעות המשרד.`,
        '',
        `סוכן מטפל: ${owner.name}`,
        `התקבל: ${when(lead.createdAt)}`,
        `לצפייה בליד: ${url}`,
      ].join('\n'),
      notBefore,
    });
  }
  await enqueuePush(
    tx,
    lead.ownerId,
    'leadEscalated',
    { title: 'ליד ממתין למענה', body: `${lead.name}, ${lead.phone}`, url: leadUrl(lead.id) },
    { dedupeKey: `lead-escalated:${lead.id}`, now },
  );
  return true;
}

/** Leads escalated per transaction: a slice, after which visitors get a turn (lib/job-slices.ts). */
const ESCALATION_SLICE = 20;

async function remind(db: Database, lead: Lead, hours: OfficeHours, origin: string, now: Date) {
  const touch = lead.nextTouchAt!;
  return db.transaction(async (tx) => {
    // Once per next touch: a new next touch (a different time) gets its own reminder.
    const [won] = await tx
      .update(leads)
      .set({ touchRemindedAt: touch })
      .where(
        and(
          eq(leads.id, lead.id),
          eq(leads.nextTouchAt, touch),
          sql`${leads.touchRemindedAt} is distinct from ${leads.nextTouchAt}`,
        ),
      )
      .returning({ id: leads.id });
    if (!won || !lead.ownerId) return false;
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, lead.ownerId));
    if (owner?.email) {
      await enqueueInTransaction(tx, {
        kind: CLOCK_MAIL_KIND.nextTouch,
        refId: lead.id,
        to: owner.email,
        subject: `תזכורת: מגע הבא עם ${lead.name}`,
        text: [
          `המגע הבא עם ${lead.name} (${lead.phone}) נקבע ל-${when(touch)} ועדיין לא עודכן.`,
          '',
          `לצפייה בליד: ${absoluteUrl(origin, leadUrl(lead.id))}`,
        ].join('\n'),
        notBefore: clockMailTime(now, hours),
      });
    }
    await enqueuePush(
      tx,
      lead.ownerId,
      'nextTouchDue',
      { title: 'הגיע הזמן למגע הבא', body: `${lead.name}, ${lead.phone}`, url: leadUrl(lead.id) },
      { dedupeKey: `next-touch:${lead.id}:${touch.toISOString()}`, now },
    );
    return true;
  });
}

/**
 * One round of the response clock: escalates every lead left without a first contact past the target (in
 * office minutes), once, and reminds owners of next touches that came due, once per next touch. Safe to run
 * in any number of processes at once: each lead is claimed by a conditional UPDATE.
 */
export async function runResponseClock(db: Database, origin: string, now = new Date()) {
  const { settings, hours } = await readOfficeHours(db);
  // Each lead's clock runs by its branch's target and hours (its own, else the network's: decision 0047).
  const own = await readOwnBranchSettings(db, settings);
  const { excludeHolidays } = hours;
  const clockOf = (lead: Lead) => {
    const branch = own.get(lead.branchId);
    return branch
      ? { slaMinutes: branch.slaMinutes, hours: officeHoursOf(branch, excludeHolidays ?? false) }
      : { slaMinutes: settings.slaMinutes, hours };
  };
  const since = new Date(now.getTime() - LOOKBACK_MS);
  const waiting = await db
    .select()
    .from(leads)
    .where(
      and(
        isNull(leads.firstContactAt),
        isNull(leads.escalatedAt),
        isNotNull(leads.ownerId),
        eq(leads.status, 'new'),
        gt(leads.createdAt, since),
      ),
    )
    // One order in every process: two slices lock their leads in the same order, never each waiting on the other.
    .orderBy(asc(leads.createdAt), asc(leads.id));
  const overdue = waiting.filter((lead) => {
    const clock = clockOf(lead);
    return addOfficeMinutes(lead.createdAt, clock.slaMinutes, clock.hours) <= now;
  });
  let escalated = 0;
  for (let i = 0; i < overdue.length; i += ESCALATION_SLICE) {
    if (i > 0) await nextTurn();
    escalated += await db.transaction(async (tx) => {
      let won = 0;
      for (const lead of overdue.slice(i, i + ESCALATION_SLICE))
        if (await escalate(tx, lead, clockOf(lead).slaMinutes, clockOf(lead).hours, origin, now)) won += 1;
      // The managers hear of the slice's leads in their digest of the window, in the same transaction.
      if (won > 0)
        await addToManagersDigest(tx, await managers(tx), now, hours, clockMailTime, {
          slaMinutesOf: (branchId) => own.get(branchId)?.slaMinutes ?? settings.slaMinutes,
          origin,
          when,
        });
      return won;
    });
  }
  const due = await db
    .select()
    .from(leads)
    .where(
      and(
        isNotNull(leads.ownerId),
        notInArray(leads.status, [...CLOSED_STATUSES]),
        lte(leads.nextTouchAt, now),
        gt(leads.nextTouchAt, since),
        sql`${leads.touchRemindedAt} is distinct from ${leads.nextTouchAt}`,
      ),
    );
  let reminded = 0;
  for (const lead of due) if (await remind(db, lead, clockOf(lead).hours, origin, now)) reminded += 1;
  return { escalated, reminded };
}

/** Runs the clock every minute in one process at a time; returns what stops it. */
export function startResponseClock(app: FastifyInstance, intervalMs = 60_000): () => void {
  const run = () =>
    runSingleton(app.dbHandle, 'lead-response-clock', () =>
      runResponseClock(app.db, app.env.APP_ORIGIN),
    ).catch((err) => app.log.warn({ err }, 'lead response clock failed'));
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

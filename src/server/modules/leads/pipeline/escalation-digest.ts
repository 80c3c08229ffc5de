import { type BranchScope, seesBranch } from '@shared/domain/branch-scope';
import type { OfficeHours } from '@shared/domain/office-clock';
import { plural } from '@shared/domain/plural';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { branches, leads, mailOutbox, users } from '../../../db/schema';
import { absoluteUrl } from '../../../lib/links';
import { enqueueInTransaction, type Transaction } from '../../mail';
import { leadUrl } from '../intake/intake';

/** The managers' digest of escalated leads: one mail per manager per window of an office hour. */
export const ESCALATION_DIGEST_KIND = 'lead-escalation-digest';
const WINDOW_MS = 3_600_000;

/** 'דקה אחת', '15 דקות': the response target in the escalation mails. */
export const minutesText = (minutes: number) => plural(minutes, { one: 'דקה אחת', other: '{n} דקות' });

/** The hour an escalation falls in: the digest lists the leads escalated within it. */
export function digestWindow(now: Date) {
  const start = new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS);
  return { start, end: new Date(start.getTime() + WINDOW_MS) };
}

const subjectOf = (count: number) => (count === 1 ? 'ליד אחד ממתין למענה' : `${count} לידים ממתינים למענה`);

/** How the digest writes a lead: the response target of its branch (its own, else the network's), and times. */
type Formatting = { slaMinutesOf: (branchId: string) => number; origin: string; when: (at: Date) => string };

/** Who reads a digest: a manager and the branches she reads (a branch manager: her branch's leads only). */
export type DigestReader = { email: string; scope: BranchScope };

/** Every lead escalated in the window, oldest first, with its agent and branch: read once for all readers. */
function escalatedIn(tx: Transaction, window: { start: Date; end: Date }) {
  const owner = alias(users, 'owner');
  return tx
    .select({
      id: leads.id,
      name: leads.name,
      phone: leads.phone,
      createdAt: leads.createdAt,
      owner: owner.name,
      branchId: leads.branchId,
      branch: branches.name,
    })
    .from(leads)
    .leftJoin(owner, eq(owner.id, leads.ownerId))
    .innerJoin(branches, eq(branches.id, leads.branchId))
    .where(and(gte(leads.escalatedAt, window.start), lt(leads.escalatedAt, window.end)))
    .orderBy(asc(leads.escalatedAt), asc(leads.createdAt));
}
type EscalatedLead = Awaited<ReturnType<typeof escalatedIn>>[number];

/**
 * The digest's text for one reader: the window's leads of her scope, each with its response target, its agent
 * and its link (and its branch, for a reader of the whole network).
 */
function digestText(all: EscalatedLead[], scope: BranchScope, f: Formatting) {
  const rows = all.filter((lead) => seesBranch(scope, lead.branchId));
  const text = [
    'הלידים האלה לא קיבלו מענה בזמן היעד, בשעות המשרד:',
    '',
    ...rows.flatMap((lead) => [
      [
        `${lead.name} (${lead.phone})`,
        ...(scope.all ? [lead.branch] : []),
        `סוכן מטפל: ${lead.owner ?? 'ללא'}`,
        `התקבל: ${f.when(lead.createdAt)}`,
        `יעד מענה: ${minutesText(f.slaMinutesOf(lead.branchId))}`,
      ].join(', '),
      absoluteUrl(f.origin, leadUrl(lead.id)),
      '',
    ]),
  ].join('\n');
  return { count: rows.length, text };
}

/**
 * Adds escalated leads to each manager's digest of its window (`digestWindow`): the manager's mail of that
 * window still waiting in the outbox is rewritten to list every lead of her scope escalated in the window, or,
 * when there is none yet, one is queued to leave at the window's end (moved into office hours and out of
 * Shabbat, holidays and quiet hours by `sendAt`). A manager whose branches had no escalation in the window gets
 * nothing. Writers of digests take turns (a transaction lock), so two processes escalating at once never queue
 * two digests for one manager and window.
 */
export async function addToManagersDigest(
  tx: Transaction,
  managers: readonly DigestReader[],
  now: Date,
  hours: OfficeHours,
  sendAt: (at: Date, hours: OfficeHours) => Date,
  formatting: Formatting,
) {
  if (managers.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${ESCALATION_DIGEST_KIND}))`);
  const window = digestWindow(now);
  const notBefore = sendAt(window.end, hours);
  const escalated = await escalatedIn(tx, window);
  for (const { email, scope } of managers) {
    const { count, text } = digestText(escalated, scope, formatting);
    if (count === 0) continue;
    const [waiting] = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.kind, ESCALATION_DIGEST_KIND),
          eq(mailOutbox.to, email),
          eq(mailOutbox.status, 'pending'),
          eq(mailOutbox.nextAttemptAt, notBefore),
        ),
      )
      .for('update');
    if (waiting) {
      await tx
        .update(mailOutbox)
        .set({ subject: subjectOf(count), text })
        .where(eq(mailOutbox.id, waiting.id));
    } else {
      await enqueueInTransaction(tx, {
        kind: ESCALATION_DIGEST_KIND,
        to: email,
        subject: subjectOf(count),
        text,
        notBefore,
      });
    }
  }
}

import { gendered } from '@shared/domain/gender';
import { nextSendTime, PERSONAL_SEND_RULES } from '@shared/domain/send-window';
import { escalationDue } from '@shared/domain/viewing-escalation';
import { paths } from '@shared/paths';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { leadActivities, users, viewings } from '../../db/schema';
import { runSingleton } from '../../lib/job-lock';
import { absoluteUrl } from '../../lib/links';
import { startPolling } from '../../lib/poll';
import { readOfficeHoursByBranch } from '../leads';
import { enqueueInTransaction, type Transaction } from '../mail';
import { enqueuePush } from '../push';
import { getSettings } from '../settings';
import { type Outward, outwardOf } from './announce';
import { mailContextOf, queueVisitorMail, queueVisitorSms } from './mail';
import { propertyRow, type ViewingRow, whenText } from './rules';

/** Requests older than this are not escalated any more (a long outage, a request from before the feature). */
const LOOKBACK_MS = 30 * 86_400_000;

/** The branch managers' mail (the visitor's is 'viewing-escalated', mail.ts). */
export const VIEWING_ESCALATION_KIND = 'viewing-escalation';

/** The active admins of the viewing's branch: its branch managers. */
async function branchManagers(tx: Transaction, branchId: string) {
  return tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.active, true), eq(users.branchId, branchId)))
    .orderBy(asc(users.id));
}

const hoursText = (hours: number) => (hours === 1 ? 'שעת משרד אחת' : `${hours} שעות משרד`);

/**
 * Escalates one request inside its own transaction, once: the conditional update lets only the first of two
 * runs (here or in another process) through. The branch managers get a push and a mail, the lead's timeline a
 * note, the visitor a mail (when they gave one) and an SMS (when a provider is configured), all through the
 * outboxes, none before quiet hours, Shabbat or a holiday end.
 */
async function escalate(db: Database, row: ViewingRow, hours: number, out: Outward, now: Date) {
  return db.transaction(async (tx) => {
    const [won] = await tx
      .update(viewings)
      .set({ escalatedAt: now })
      .where(and(eq(viewings.id, row.id), eq(viewings.status, 'requested'), isNull(viewings.escalatedAt)))
      .returning();
    if (!won) return false;
    const property = await propertyRow(tx, won.propertyId);
    const ctx = { ...(await mailContextOf(tx, won, property, out.appOrigin, null, now)), smsOn: out.smsOn };
    const sendAt = nextSendTime(now, PERSONAL_SEND_RULES);
    const proposals = won.proposals.map((p) => `- ${whenText(new Date(p))}`);
    const agentLine = ctx.agent ? `${gendered(ctx.agent.gender, 'theAgent')}: ${ctx.agent.name}` : '';
    const link = absoluteUrl(out.appOrigin, paths.myDay());
    for (const manager of await branchManagers(tx, won.branchId)) {
      await enqueuePush(
        tx,
        manager.id,
        'leadEscalated',
        {
          title: `בקשת ביקור ממתינה לאישור: ${property.address}`,
          body: `${won.visitorName}, ${won.visitorPhone}`,
          url: paths.myDay(),
        },
        { dedupeKey: `viewing-escalated:${won.id}`, now },
      );
      if (manager.email)
        await enqueueInTransaction(tx, {
          kind: VIEWING_ESCALATION_KIND,
          refId: won.id,
          to: manager.email,
          subject: `בקשת ביקור ממתינה לאישור: ${property.address}`,
          text: [
            `שלום ${manager.name},`,
            '',
            `בקשת הביקור של ${won.visitorName} (${won.visitorPhone}) בנכס ${property.address}, ${property.city} לא נענתה תוך ${hoursText(hours)}, והועברה אליך.`,
            ...(agentLine ? [agentLine] : []),
            'המועדים שהוצעו:',
            ...proposals,
            '',
            `לאישור אחד המועדים: ${link}`,
          ].join('\n'),
          notBefore: sendAt,
        });
    }
    if (won.leadId)
      await tx.insert(leadActivities).values({
        leadId: won.leadId,
        kind: 'note',
        agentId: won.agentId,
        occurredAt: now,
        note: `בקשת הביקור בנכס לא נענתה תוך ${hoursText(hours)} והועברה למנהל הסניף`,
        createdAt: now,
      });
    await queueVisitorMail(tx, 'escalated', ctx, { notBefore: sendAt });
    const lastProposal = Math.max(...won.proposals.map((p) => new Date(p).getTime()), won.startsAt.getTime());
    await queueVisitorSms(tx, 'escalated', ctx, { notBefore: sendAt, expiresAt: new Date(lastProposal) });
    return true;
  });
}

/**
 * One round: every request still unconfirmed past the set office hours of its branch (the lead settings'
 * office hours, its own or the network's) goes to the branch manager, once. Safe in any number of processes.
 */
export async function runViewingEscalation(db: Database, out: Outward, now = new Date()) {
  const hours = (await getSettings(db)).viewingEscalationHours;
  if (hours <= 0) return 0;
  const officeOf = await readOfficeHoursByBranch(db);
  const waiting = await db
    .select()
    .from(viewings)
    .where(
      and(
        eq(viewings.status, 'requested'),
        isNull(viewings.escalatedAt),
        gt(viewings.createdAt, new Date(now.getTime() - LOOKBACK_MS)),
      ),
    )
    .orderBy(asc(viewings.createdAt), asc(viewings.id));
  let escalated = 0;
  for (const row of waiting)
    if (escalationDue(row, now, hours, officeOf(row.branchId)) && (await escalate(db, row, hours, out, now)))
      escalated += 1;
  return escalated;
}

/** Runs the escalation every minute, one process at a time; returns what stops it. */
export function startViewingEscalation(app: FastifyInstance, intervalMs = 60_000): () => Promise<void> {
  return startPolling(app.log, 'viewing escalation', intervalMs, () =>
    runSingleton(app.dbHandle, 'viewing-escalation', () => runViewingEscalation(app.db, outwardOf(app.env))),
  );
}

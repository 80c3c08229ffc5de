import {
  type ExclusivityNotice,
  endNoticeDate,
  MARKETING_ACTION_LABELS,
  thirdOfTermDate,
} from '@shared/domain/exclusivity';
import { israelDate } from '@shared/domain/israel-time';
import { paths } from '@shared/paths';
import { and, eq, notExists, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/client';
import { brokerageOrders, exclusivityActions, exclusivityNotices, users } from '../../../db/schema';
import { runOncePerPeriod } from '../../../lib/job-period';
import { absoluteUrl } from '../../../lib/links';
import { enqueueInTransaction, type Transaction } from '../../mail';
import type { OrderRow } from '../access';
import { anotherRunningExclusivity, setPropertyExclusive } from './property-flag';
import { propertyOf } from './service';

const PERIOD_MS = 3_600_000;
/** How often each process asks whether this hour's run is due (the claim decides, see lib/job-period.ts). */
const TICK_MS = 5 * 60_000;
/** The most exclusivities one run reads (the rest wait for the next hour). */
const BATCH = 500;

const printed = (day: string) => day.split('-').reverse().join('.');

/** Claims a notice for an exclusivity: true for the one caller (in any process) that wrote it first. */
async function claimNotice(tx: Transaction, orderId: string, notice: ExclusivityNotice): Promise<boolean> {
  const won = await tx
    .insert(exclusivityNotices)
    .values({ orderId, notice })
    .onConflictDoNothing()
    .returning({ orderId: exclusivityNotices.orderId });
  return won.length > 0;
}

/** The agent who issued it, and (for the no-action notice) the admins of its branch: the branch managers. */
async function recipients(tx: Transaction, row: OrderRow, managers: boolean) {
  const agent = row.agentId
    ? await tx
        .select({ email: users.email, name: users.name })
        .from(users)
        .where(and(eq(users.id, row.agentId), eq(users.active, true)))
    : [];
  const admins = managers
    ? await tx
        .select({ email: users.email, name: users.name })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.active, true), eq(users.branchId, row.branchId)))
    : [];
  const seen = new Set<string>();
  return [...agent, ...admins].filter((u) => u.email && !seen.has(u.email) && seen.add(u.email));
}

async function tell(
  tx: Transaction,
  row: OrderRow,
  notice: ExclusivityNotice,
  managers: boolean,
  subject: string,
  lines: string[],
  origin: string,
) {
  const url = absoluteUrl(origin, paths.propertyView(propertyOf(row)));
  for (const person of await recipients(tx, row, managers))
    await enqueueInTransaction(tx, {
      kind: `exclusivity-${notice}`,
      refId: row.id,
      to: person.email,
      subject,
      text: [`שלום ${person.name},`, '', ...lines, '', `לצפייה בנכס: ${url}`].join('\n'),
    });
}

const address = (row: OrderRow) => row.properties[0]?.address ?? '';

/** A third of the term gone with no marketing action logged: the agent and the branch managers hear, once. */
async function thirdWithoutAction(tx: Transaction, row: OrderRow, origin: string) {
  if (!(await claimNotice(tx, row.id, 'third-no-action'))) return;
  const committed = (row.marketingActions ?? []).map((a) => `- ${MARKETING_ACTION_LABELS[a]}`);
  await tell(
    tx,
    row,
    'third-no-action',
    true,
    `בלעדיות ללא פעולות שיווק: ${address(row)}`,
    [
      `עבר שליש מתקופת הבלעדיות על ${address(row)} (עד ${printed(row.termEnd!)}) ולא נרשמה אף פעולת שיווק.`,
      'פעולות השיווק שהתחייבנו להן:',
      ...committed,
    ],
    origin,
  );
}

/** A week before the end: the agent hears, once. */
async function weekBeforeEnd(tx: Transaction, row: OrderRow, origin: string) {
  if (!(await claimNotice(tx, row.id, 'week-before-end'))) return;
  await tell(
    tx,
    row,
    'week-before-end',
    false,
    `הבלעדיות מסתיימת בעוד שבוע: ${address(row)}`,
    [`הבלעדיות על ${address(row)} מסתיימת ביום ${printed(row.termEnd!)}.`],
    origin,
  );
}

/**
 * The end date: the property's exclusive flag is cleared (audited), once, unless another signed exclusivity of
 * the same property still runs.
 */
async function ended(tx: Transaction, row: OrderRow, today: string) {
  if (!(await claimNotice(tx, row.id, 'ended'))) return;
  if (!(await anotherRunningExclusivity(tx, propertyOf(row), [row.id], today)))
    await setPropertyExclusive(tx, propertyOf(row), false, 'סיום תקופת הבלעדיות');
}

/**
 * One pass over the signed exclusivities that have not ended: each due notice, and the end, in a transaction
 * of its own with its mails. A notice is written once (its unique pair), so a second run, here or in another
 * process, does nothing.
 */
export async function runExclusivityNotices(db: Database, origin: string, now = new Date()) {
  const today = israelDate(now);
  const rows = await db
    .select()
    .from(brokerageOrders)
    .where(
      and(
        eq(brokerageOrders.kind, 'exclusivity'),
        eq(brokerageOrders.status, 'signed'),
        notExists(
          sql`(select 1 from ${exclusivityNotices} where ${exclusivityNotices.orderId} = ${brokerageOrders.id} and ${exclusivityNotices.notice} = 'ended')`,
        ),
      ),
    )
    .orderBy(brokerageOrders.termEnd)
    .limit(BATCH);
  for (const row of rows) {
    if (!row.termStart || !row.termEnd) continue;
    const { termStart, termEnd } = row;
    await db.transaction(async (tx) => {
      if (today >= termEnd) return ended(tx, row, today);
      if (today >= endNoticeDate(termEnd)) await weekBeforeEnd(tx, row, origin);
      if (today < thirdOfTermDate(termStart, termEnd)) return;
      const [action] = await tx
        .select({ id: exclusivityActions.id })
        .from(exclusivityActions)
        .where(eq(exclusivityActions.orderId, row.id))
        .limit(1);
      if (!action) await thirdWithoutAction(tx, row, origin);
    });
  }
}

/** The run, if no process has run it this hour. */
export function exclusivityTick(app: FastifyInstance, now?: Date) {
  return runOncePerPeriod(
    app.dbHandle,
    'exclusivity-notices',
    PERIOD_MS,
    () => runExclusivityNotices(app.db, app.env.APP_ORIGIN, now),
    now,
  );
}

/** Runs the exclusivity notices once an hour across every process; returns a function that stops it. */
export function startExclusivityJob(app: FastifyInstance): () => void {
  const run = () => exclusivityTick(app).catch((err) => app.log.warn({ err }, 'exclusivity notices failed'));
  void run();
  const timer = setInterval(run, TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

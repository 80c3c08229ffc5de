import { addDays, israelMidnight, israelMinuteOfDay } from '@shared/domain/israel-calendar';
import { israelDate } from '@shared/domain/israel-time';
import { worksAsAgent } from '@shared/domain/roles';
import { isRestDate } from '@shared/domain/send-window';
import { isWorkingDay } from '@shared/domain/working-days';
import { paths } from '@shared/paths';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { indicators, pushPreferences, pushSubscriptions, users } from '../../db/schema';
import { runSingleton } from '../../lib/job-lock';
import { getSettings } from '../settings';
import { enqueuePush } from './outbox';

/** The reminder goes from 18:00 until the quiet hours start at 21:00 (a late start still sends it that evening). */
export const REMINDER_FROM = 18 * 60;
const REMINDER_UNTIL = 21 * 60;

/**
 * A day for the reminder: a working day (working-days.ts, by the agency's holiday setting) that is not a rest
 * day, since no message goes out on Shabbat or a holiday even at an agency that works through holidays.
 */
export function isReminderDay(date: string, excludeHolidays: boolean): boolean {
  return isWorkingDay(date, excludeHolidays) && !isRestDate(date);
}

/**
 * Queues "today's entry is missing" to each active user who works as an agent, has a device and the reminder
 * on, and has no daily entry for today (Israel time). Its dedupe key (per device and day) makes a second run,
 * in this process or another, queue nothing: safe to run every minute of the evening on every server.
 */
export async function queueDailyEntryReminders(db: Database, now = new Date()): Promise<number> {
  const minute = israelMinuteOfDay(now);
  if (minute < REMINDER_FROM || minute >= REMINDER_UNTIL) return 0;
  const today = israelDate(now);
  const { excludeHolidays } = await getSettings(db);
  if (!isReminderDay(today, excludeHolidays)) return 0;
  const from = israelMidnight(today);
  const to = israelMidnight(addDays(today, 1));
  const candidates = await db
    .selectDistinct({ id: users.id, role: users.role, companyRole: users.companyRole })
    .from(users)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, users.id))
    .leftJoin(pushPreferences, eq(pushPreferences.userId, users.id))
    .where(
      and(
        eq(users.active, true),
        sql`coalesce(${pushPreferences.dailyEntryMissing}, true)`,
        sql`not exists (select 1 from ${indicators} where ${indicators.agentId} = ${users.id}
          and ${indicators.createdAt} >= ${from.toISOString()} and ${indicators.createdAt} < ${to.toISOString()})`,
      ),
    );
  let queued = 0;
  for (const user of candidates.filter(worksAsAgent)) {
    queued += await enqueuePush(
      db,
      user.id,
      'dailyEntryMissing',
      {
        title: 'הסטטוס היומי עוד לא הוזן',
        body: 'כמה פגישות, סיורים והצעות היו היום? זה לוקח דקה.',
        url: paths.dailyIndicator(),
      },
      { dedupeKey: `daily-missing:${today}`, now },
    );
  }
  return queued;
}

/** Checks every minute whether the evening reminder is due; returns a function that stops it. */
export function startDailyReminder(app: FastifyInstance, intervalMs = 60_000): () => void {
  // One process at a time checks (the dedupe key would make a second run queue nothing anyway).
  const run = () =>
    runSingleton(app.dbHandle, 'daily-entry-reminder', () => queueDailyEntryReminders(app.db)).catch((err) =>
      app.log.warn({ err }, 'daily entry reminder failed'),
    );
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Periodic jobs that run once per period across every process and machine (lib/job-period.ts): a process runs
 * one only after claiming its period here. `lastFinishedAt` older than `lastStartedAt` is a run under way, or
 * one that failed or whose process died (its period is spent either way).
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }).notNull(),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  /** Which process claimed the last run (host name and process id), for an operator reading the table. */
  lastProcess: text('last_process').notNull(),
});

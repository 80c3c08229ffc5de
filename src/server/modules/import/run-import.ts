import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { requestPasswordReset } from '../users';
import type { ImportContext } from './context';
import { importGoals, importIndicators } from './import-performance';
import { importProperties } from './import-properties';
import { importReportContacts } from './import-report-contacts';
import { ImportRefused, importUsers, NO_PASSWORD } from './import-users';
import { COLLECTIONS, emptyReport, type ImportReport, reportForAudit } from './report';

export type ImportOptions = {
  dir: string;
  storage: Storage;
  /** Public origin for the reset links (APP_ORIGIN). */
  origin: string;
  dryRun?: boolean;
  imagesFrom?: string;
  sendResets?: boolean;
  /** Existing accounts take the export's role and company role (otherwise they keep theirs). */
  updateRoles?: boolean;
  /** Existing accounts take the export's name, e-mail, phone and about text (otherwise they keep theirs). */
  updateProfiles?: boolean;
  /** A record the API's rules refuse refuses the whole run, instead of being skipped. */
  strict?: boolean;
};

export const IMPORT_ACTOR = 'ייבוא מהמערכת הקודמת';

class DryRunRollback extends Error {}

/**
 * Imports a MongoDB export in one transaction: every collection or nothing. A dry run does all the work,
 * then rolls it back, so its report is exactly what a real run would do (image files are only looked up).
 */
export async function runImport(db: Database, options: ImportOptions): Promise<ImportReport> {
  const report = emptyReport(Boolean(options.dryRun));
  const written: string[] = [];
  try {
    await db.transaction(async (tx) => {
      const ctx: ImportContext = {
        tx: tx as unknown as Database,
        dir: options.dir,
        imagesFrom: options.imagesFrom,
        storage: options.storage,
        dryRun: report.dryRun,
        report,
        written,
        userIds: new Map(),
        passwordless: [],
        updateRoles: Boolean(options.updateRoles),
        updateProfiles: Boolean(options.updateProfiles),
      };
      await importUsers(ctx);
      await importIndicators(ctx);
      await importGoals(ctx);
      await importProperties(ctx);
      await importReportContacts(ctx);
      if (options.strict) refuseInvalid(report);
      if (options.sendResets) await sendResets(ctx, options.origin);
      if (report.dryRun) throw new DryRunRollback();
      await ctx.tx.insert(auditLog).values({
        actorId: null,
        actorName: IMPORT_ACTOR,
        entity: 'import',
        entityId: null,
        action: 'create',
        changes: { report: { before: null, after: reportForAudit(report) } },
      });
    });
  } catch (err) {
    await options.storage.remove(written);
    if (!(err instanceof DryRunRollback)) throw err;
  }
  return report;
}

/** With --strict: any record the API's rules refuse stops the run (nothing is written), each one named. */
function refuseInvalid(report: ImportReport) {
  const invalid = COLLECTIONS.flatMap((name) =>
    report.collections[name].skipped
      .filter((s) => s.invalid)
      .map((s) => `${name} ${s.legacyId}: ${s.reason}`),
  );
  if (invalid.length === 0) return;
  const shown = invalid.slice(0, 50);
  const more = invalid.length > shown.length ? [`... and ${invalid.length - shown.length} more`] : [];
  throw new ImportRefused(
    `--strict: ${invalid.length} record(s) break the API's rules:\n${[...shown, ...more].map((l) => `  - ${l}`).join('\n')}`,
  );
}

/** A reset link through the outbox for each imported user who still has no usable password. */
async function sendResets(ctx: ImportContext, origin: string) {
  const emails = ctx.passwordless.map((u) => u.email);
  if (emails.length === 0) return;
  const waiting = await ctx.tx
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.email, emails), eq(users.passwordHash, NO_PASSWORD), eq(users.active, true)));
  for (const { email } of waiting) {
    await requestPasswordReset(ctx.tx, email, origin);
    ctx.report.resetsSent++;
  }
}

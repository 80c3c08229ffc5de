import { IMPORT_COLLECTIONS, type ImportSummary } from '@shared/schemas/import';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { StoredReport } from './report';

/** The counts of the last committed import, read from its audit-log entry; null before the first one. */
export async function lastImportSummary(db: Database): Promise<ImportSummary | null> {
  const [entry] = await db
    .select({ changes: auditLog.changes, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(eq(auditLog.entity, 'import'))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  const report = entry?.changes.report?.after as StoredReport | undefined;
  if (!entry || !report) return null;
  const collections = Object.fromEntries(
    IMPORT_COLLECTIONS.map((name) => {
      const c = report.collections[name];
      // The stored list is capped; the true count is what was read minus what was written.
      const skipped = c.read - c.imported - c.updated;
      return [name, { present: c.present, read: c.read, imported: c.imported, updated: c.updated, skipped }];
    }),
  ) as ImportSummary['collections'];
  return {
    at: entry.createdAt.toISOString(),
    collections,
    passwordConfirmDropped: report.counts?.passwordConfirmDropped ?? report.passwordConfirmDropped.length,
    usersWithoutPassword: report.counts?.usersWithoutPassword ?? report.usersWithoutPassword.length,
    resetsSent: report.resetsSent,
    unknownReferences: report.counts?.unknownReferences ?? report.unknownReferences.length,
    mapped: report.counts?.mapped ?? report.mapped.length,
    externalImages: report.counts?.externalImages ?? report.externalImages.length,
    imagesProcessed: report.images.processed,
    imagesMissing: report.counts?.imagesMissing ?? report.images.missing.length,
    imagesRejected: report.counts?.imagesRejected ?? report.images.rejected.length,
  };
}

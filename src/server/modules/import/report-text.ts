import { COLLECTIONS, type ImportReport } from './report';

const show = (value: unknown) => (value instanceof Date ? value.toISOString() : JSON.stringify(value));

/** The report as the command prints it. */
export function formatReport(report: ImportReport): string {
  const lines: string[] = [report.dryRun ? 'DRY RUN: nothing was written.' : 'Import committed.', ''];
  lines.push('collection       read  imported  updated  skipped');
  for (const name of COLLECTIONS) {
    const c = report.collections[name];
    if (!c.present) {
      lines.push(`${name.padEnd(15)}  (no file in the export)`);
      continue;
    }
    const cells = [c.read, c.imported, c.updated, c.skipped.length].map((n, i) =>
      String(n).padStart(i ? 9 : 5),
    );
    lines.push(`${name.padEnd(15)}${cells.join('')}`);
  }
  const section = (title: string, items: string[]) => {
    if (items.length === 0) return;
    lines.push('', `${title} (${items.length}):`, ...items.map((item) => `  - ${item}`));
  };
  for (const name of COLLECTIONS) {
    section(
      `Skipped ${name}`,
      report.collections[name].skipped.map((s) => `${s.legacyId ?? '(no _id)'}: ${s.reason}`),
    );
  }
  section('Plain passwordConfirm dropped (users)', report.passwordConfirmDropped);
  section(
    'Users without a usable password hash',
    report.usersWithoutPassword.map((email) => email),
  );
  if (report.usersWithoutPassword.length > 0) lines.push(`  reset links queued: ${report.resetsSent}`);
  section(
    'References to unknown users',
    report.unknownReferences.map((r) => `${r.collection} ${r.legacyId} ${r.field} -> ${r.ref}`),
  );
  section(
    'Values mapped or defaulted',
    report.mapped.map((m) => `${m.collection} ${m.legacyId} ${m.field}: ${show(m.from)} -> ${show(m.to)}`),
  );
  section(
    'Outside image URLs kept (not fetched)',
    report.externalImages.map((e) => `${e.collection} ${e.legacyId}: ${e.url}`),
  );
  const img = report.images;
  lines.push(
    '',
    `Images: ${img.processed} processed, ${img.notRequested} local file(s) not imported (no --images-from)`,
  );
  section('Image files not found', img.missing);
  section(
    'Image files rejected',
    img.rejected.map((r) => `${r.name}: ${r.reason}`),
  );
  return lines.join('\n');
}

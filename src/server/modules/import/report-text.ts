import { MAX_BCRYPT_COST } from '../users';
import { COLLECTIONS, type ImportReport, type RoleOf } from './report';

const show = (value: unknown) => (value instanceof Date ? value.toISOString() : JSON.stringify(value));
const roleText = (r: RoleOf) => (r.companyRole ? `${r.role} (${r.companyRole})` : r.role);

// Control and format characters (line breaks, bidi overrides, zero-width) from the export would reorder or
// split the terminal's lines: each is shown as its code instead.
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;
const HASHES = /\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}|\$argon2[a-z]*\$[^\s"',;]+/g;

/** One printed line: invisible characters as codes, and a password hash (should one ever get here) hidden. */
export const safeLine = (line: string) =>
  line
    .replace(INVISIBLE, (c) => `\\u{${c.codePointAt(0)!.toString(16).toUpperCase()}}`)
    .replace(HASHES, '[password hash]');

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
  const { roles } = report;
  section(
    'Accounts that become admins',
    roles.newAdmins.map(
      (a) => `${a.email} (${a.legacyId}): ${a.existing ? 'existing account promoted' : 'new'}`,
    ),
  );
  section(
    'Roles changed on existing accounts (--update-roles)',
    roles.changed.map((c) => `${c.email} (${c.legacyId}): ${roleText(c.here)} -> ${roleText(c.export)}`),
  );
  section(
    'Roles kept on existing accounts (the export differs; --update-roles would change them)',
    roles.kept.map(
      (c) => `${c.email} (${c.legacyId}): kept ${roleText(c.here)}, export ${roleText(c.export)}`,
    ),
  );
  const { profiles } = report;
  section(
    'Profiles changed on existing accounts (--update-profiles)',
    profiles.changed.map((c) => `${c.email} (${c.legacyId}): ${c.field} "${c.here}" -> "${c.export}"`),
  );
  section(
    'Profiles kept on existing accounts (the export differs; --update-profiles would change them)',
    profiles.kept.map((c) => `${c.email} (${c.legacyId}): kept ${c.field} "${c.here}", export "${c.export}"`),
  );
  section(
    `bcrypt hashes costlier than sign-in runs (above cost ${MAX_BCRYPT_COST}), not imported: these users need a reset link`,
    report.costlyHashes.map((h) => `${h.email} (${h.legacyId}): cost ${h.cost}`),
  );
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
  return lines.map(safeLine).join('\n');
}

import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { NO_PASSWORD } from './import-users';
import { formatReport } from './report-text';
import { runImport } from './run-import';
import { EMAILS, ID, writeFixture } from './test-fixture';

let app: TestApp;
let fixture: { dir: string; images: string };
/** A hash of cost 13: one step above what sign-in runs (its salt and digest are made up). */
const COSTLY_HASH = `$2b$13$${'N'.repeat(53)}`;
const BOSS = 'boss@agency.test';

const run = (options: { updateRoles?: boolean; sendResets?: boolean } = {}) =>
  runImport(app.db, { dir: fixture.dir, storage: app.storage, origin: 'https://agency.example', ...options });
const roleOf = async (email: string) => (await app.db.select().from(users).where(eq(users.email, email)))[0]!;

beforeAll(async () => {
  app = await createTestApp();
  fixture = await writeFixture();
  const path = join(fixture.dir, 'users.json');
  const records = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>[];
  // Ruti is an admin in the export, with a hash costlier than sign-in runs.
  writeFileSync(
    path,
    JSON.stringify(
      records.map((r) => (r.email === EMAILS.ruti ? { ...r, role: 'admin', password: COSTLY_HASH } : r)),
    ),
  );
  const existing = { phoneNumber: '', passwordHash: 'x' };
  await app.db.insert(users).values([
    { ...existing, name: 'הבוס', email: BOSS, role: 'admin' },
    // Yossi is an admin here and an agent in the export; Ruti the other way round.
    { ...existing, name: 'יוסי', email: EMAILS.yossi, role: 'admin', companyRole: 'מנהל' },
    { ...existing, name: 'רותי', email: EMAILS.ruti, role: 'agent' },
  ]);
});
afterAll(() => {
  rmSync(fixture.dir, { recursive: true, force: true });
  rmSync(fixture.images, { recursive: true, force: true });
});

describe('the import and existing accounts’ roles', () => {
  it('keeps the role of an account matched by e-mail, lists the differences and every new admin', async () => {
    const report = await run({ sendResets: true });
    expect((await roleOf(EMAILS.yossi)).role).toBe('admin');
    expect((await roleOf(EMAILS.yossi)).companyRole).toBe('מנהל');
    expect((await roleOf(EMAILS.ruti)).role).toBe('agent');
    expect((await roleOf(EMAILS.dana)).role).toBe('admin');
    expect(report.roles.newAdmins).toEqual([{ legacyId: ID.dana, email: EMAILS.dana, existing: false }]);
    expect(report.roles.changed).toEqual([]);
    expect(report.roles.kept).toEqual([
      {
        legacyId: ID.yossi,
        email: EMAILS.yossi,
        here: { role: 'admin', companyRole: 'מנהל' },
        export: { role: 'agent', companyRole: null },
      },
      {
        legacyId: ID.ruti,
        email: EMAILS.ruti,
        here: { role: 'agent', companyRole: null },
        export: { role: 'admin', companyRole: null },
      },
    ]);
    const text = formatReport(report);
    expect(text).toContain(`Accounts that become admins (1):\n  - ${EMAILS.dana} (${ID.dana}): new`);
    expect(text).toContain(`${EMAILS.ruti} (${ID.ruti}): kept agent, export admin`);
  });

  it('does not import a bcrypt hash costlier than 12: reported, and a reset link queued instead', async () => {
    const ruti = await roleOf(EMAILS.ruti);
    expect(ruti.passwordHash).toBe(NO_PASSWORD);
    const report = await run();
    expect(report.costlyHashes).toEqual([{ legacyId: ID.ruti, email: EMAILS.ruti, cost: 13 }]);
    expect(report.usersWithoutPassword).toContain(EMAILS.ruti);
    const text = formatReport(report);
    expect(text).toContain(`${EMAILS.ruti} (${ID.ruti}): cost 13`);
    expect(text).not.toContain('$2b$13$');
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, EMAILS.ruti))).toHaveLength(1);
  });

  it('a later run keeps a role changed here since the first import', async () => {
    await app.db.update(users).set({ role: 'agent' }).where(eq(users.email, EMAILS.dana));
    const report = await run();
    expect((await roleOf(EMAILS.dana)).role).toBe('agent');
    expect(report.roles.newAdmins).toEqual([]);
    expect(report.roles.kept.map((k) => k.email)).toEqual([EMAILS.dana, EMAILS.yossi, EMAILS.ruti]);
  });

  it('with --update-roles, takes the export’s roles and lists every account promoted', async () => {
    const report = await run({ updateRoles: true });
    expect((await roleOf(EMAILS.dana)).role).toBe('admin');
    expect((await roleOf(EMAILS.ruti)).role).toBe('admin');
    expect(await roleOf(EMAILS.yossi)).toMatchObject({ role: 'agent', companyRole: null });
    expect((await roleOf(BOSS)).role).toBe('admin');
    expect(report.roles.newAdmins).toEqual([
      { legacyId: ID.dana, email: EMAILS.dana, existing: true },
      { legacyId: ID.ruti, email: EMAILS.ruti, existing: true },
    ]);
    expect(report.roles.changed.map((c) => c.email)).toEqual([EMAILS.dana, EMAILS.yossi, EMAILS.ruti]);
    expect(report.roles.kept).toEqual([]);
    const text = formatReport(report);
    expect(text).toContain('Accounts that become admins (2):');
    expect(text).toContain(`${EMAILS.ruti} (${ID.ruti}): existing account promoted`);
    expect(text).toContain(`${EMAILS.yossi} (${ID.yossi}): admin (מנהל) -> agent`);
  });
});

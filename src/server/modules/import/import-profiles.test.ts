import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { formatReport } from './report-text';
import { runImport } from './run-import';
import { EMAILS, ID, writeFixture } from './test-fixture';

// Issue 41: an existing account (here, the admin who runs the import) keeps its name, phone and about text
// unless the operator asks (--update-profiles), and the report lists every difference, kept or changed.

let app: TestApp;
let fixture: { dir: string; images: string };

const run = (options: { updateProfiles?: boolean } = {}) =>
  runImport(app.db, { dir: fixture.dir, storage: app.storage, origin: 'https://agency.example', ...options });
const account = async (email: string) =>
  (await app.db.select().from(users).where(eq(users.email, email)))[0]!;

beforeAll(async () => {
  app = await createTestApp();
  fixture = await writeFixture();
  await app.db.insert(users).values({
    name: 'יוסי המנהל',
    email: EMAILS.yossi,
    phoneNumber: '050-111-2222',
    role: 'admin',
    passwordHash: 'x',
  });
});
afterAll(() => {
  rmSync(fixture.dir, { recursive: true, force: true });
  rmSync(fixture.images, { recursive: true, force: true });
});

describe('the import and existing accounts’ names', () => {
  it('keeps the name and phone of an account matched by e-mail and reports the export’s', async () => {
    const report = await run();
    expect(await account(EMAILS.yossi)).toMatchObject({ name: 'יוסי המנהל', phoneNumber: '050-111-2222' });
    expect(report.profiles.changed).toEqual([]);
    expect(report.profiles.kept).toEqual(
      expect.arrayContaining([
        { legacyId: ID.yossi, email: EMAILS.yossi, field: 'name', here: 'יוסי המנהל', export: 'יוסי סוכן' },
        {
          legacyId: ID.yossi,
          email: EMAILS.yossi,
          field: 'phoneNumber',
          here: '050-111-2222',
          export: '052-333-4444',
        },
      ]),
    );
    expect(formatReport(report)).toContain('kept name "יוסי המנהל", export "יוסי סוכן"');
  });

  it('a second run changes nothing it was not asked to; with --update-profiles it changes and lists each', async () => {
    expect((await account(EMAILS.yossi)).name).toBe('יוסי המנהל');
    const asked = await run({ updateProfiles: true });
    expect(await account(EMAILS.yossi)).toMatchObject({ name: 'יוסי סוכן', phoneNumber: '052-333-4444' });
    expect(asked.profiles.kept).toEqual([]);
    expect(asked.profiles.changed).toEqual(
      expect.arrayContaining([
        { legacyId: ID.yossi, email: EMAILS.yossi, field: 'name', here: 'יוסי המנהל', export: 'יוסי סוכן' },
      ]),
    );
    expect(formatReport(asked)).toContain('name "יוסי המנהל" -> "יוסי סוכן"');
    const again = await run();
    expect(again.profiles).toEqual({ changed: [], kept: [] });
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { userFields } from '@shared/schemas/account';
import { propertyFieldsSchema } from '@shared/schemas/property';
import bcrypt from 'bcryptjs';
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indicators, properties, reportContacts, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { importFailureMessage } from './failure';
import { formatReport } from './report-text';
import { runImport } from './run-import';

let app: TestApp;
const dir = mkdtempSync(join(tmpdir(), 'mongo-rules-'));
const oid = (n: number) => ({ $oid: `65f0000000000000000f${String(n).padStart(4, '0')}` });
const id = (n: number) => oid(n).$oid;
const HASH = bcrypt.hashSync('old-secret-1', 4);
const NAME_WITH_CONTROLS = 'שרה \u202Eלוי\r\nכהן';
const DESCRIPTION_WITH_CONTROLS = 'דירה \u202Eמוארת\r\nקומה שנייה';

const users_ = [
  { _id: oid(1), name: 'נועה', email: 'noa@agency.test', role: 'agent', phone_number: '050-1234567' },
  { _id: oid(2), name: 'א'.repeat(81), email: 'long@agency.test', role: 'agent', password: HASH },
  { _id: oid(3), name: NAME_WITH_CONTROLS, email: 'sara@agency.test', role: 'agent' },
  { _id: oid(4), name: 'דוד', email: 'david@agency.test', phone_number: '03-555\u202E1234', password: HASH },
  { _id: oid(5), name: 'מיכל\u0000', email: 'michal@agency.test', role: 'agent', password: HASH },
  { _id: oid(6), name: 'רון', email: 'ron@agency.test', aboutMe: 'x'.repeat(2001), password: HASH },
];
const listing = {
  typeTransaction: 'מכירה',
  city: 'חיפה',
  address: 'הרצל 1',
  price: 900_000,
  category: 'דירה',
};
const properties_ = [
  { _id: oid(11), ...listing, descrption: DESCRIPTION_WITH_CONTROLS, agent: oid(1) },
  { _id: oid(12), ...listing, city: 'חי\u0000פה' },
  { _id: oid(13), ...listing, description: 'ב'.repeat(5001) },
  { _id: oid(14), ...listing, yad2: 'javascript:alert(1)' },
  { _id: oid(15), ...listing, price: 2_000_000_000 },
];
const metrics = { exclusives: 0, priceUpdates: 0, buyerTours: 0, priceOffers: 0, deals: 0 };
const indicators_ = [
  {
    _id: oid(21),
    agent: [oid(1)],
    ...metrics,
    meetings: 20_000,
    createdAt: { $date: '2026-03-02T07:00:00Z' },
  },
  { _id: oid(22), agent: [oid(1)], ...metrics, meetings: 3, createdAt: { $date: '2026-03-03T07:00:00Z' } },
];
const report = { agent: oid(1), exclusiveProperty: 'הרצל 1', statusDate: { $date: '2026-03-05T10:00:00Z' } };
const reportcontacts_ = [
  { _id: oid(31), ...report, clientName: 'א' },
  { _id: oid(32), ...report, clientName: 'משפחת לוי', note: 'ה'.repeat(2001) },
  { _id: oid(33), ...report, clientName: 'משפחת כהן' },
];

const run = (strict = false) =>
  runImport(app.db, { dir, storage: app.storage, origin: 'https://agency.example', strict });
const imported = async () => ({
  users: (await app.db.select().from(users).where(isNotNull(users.legacyId))).length,
  properties: (await app.db.select().from(properties)).length,
  indicators: (await app.db.select().from(indicators)).length,
  reportContacts: (await app.db.select().from(reportContacts)).length,
});

beforeAll(async () => {
  app = await createTestApp();
  const write = (name: string, docs: object[]) =>
    writeFileSync(join(dir, `${name}.json`), JSON.stringify(docs));
  write('users', users_);
  write('properties', properties_);
  write('indicators', indicators_);
  write('reportcontacts', reportcontacts_);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('imported records meet the API’s own rules', () => {
  it('with --strict, a record the rules refuse refuses the whole run, each one named', async () => {
    const attempt = run(true);
    await expect(attempt).rejects.toThrow(/--strict: 9 record\(s\) break the API's rules/);
    await expect(attempt).rejects.toThrow(`users ${id(2)}: refused by the API's rules: name: עד 80 תווים`);
    expect(await imported()).toEqual({ users: 0, properties: 0, indicators: 0, reportContacts: 0 });
  });

  it('skips each refused record with its source id and the API’s reason, and imports the rest', async () => {
    const result = await run();
    const reasons = (name: keyof typeof result.collections) =>
      Object.fromEntries(
        result.collections[name].skipped.map((s) => [s.legacyId, s.reason.split(': ').slice(1).join(': ')]),
      );
    expect(reasons('users')).toEqual({
      [id(2)]: 'name: עד 80 תווים',
      [id(5)]: 'name: הטקסט מכיל תווים לא חוקיים',
      [id(6)]: 'aboutMe: עד 2000 תווים',
    });
    expect(Object.keys(reasons('properties'))).toEqual([id(12), id(13), id(15)]);
    expect(reasons('properties')[id(12)]).toBe('city: הטקסט מכיל תווים לא חוקיים');
    expect(reasons('properties')[id(15)]).toMatch(/^price: /);
    expect(Object.keys(reasons('indicators'))).toEqual([id(21)]);
    expect(Object.keys(reasons('reportcontacts'))).toEqual([id(31), id(32)]);
    for (const skipped of Object.values(result.collections).flatMap((c) => c.skipped))
      expect(skipped.invalid).toBe(true);
    expect(await imported()).toEqual({ users: 3, properties: 2, indicators: 1, reportContacts: 1 });
  });

  it('stores each text as the API would: bidi controls and line breaks as its schema leaves them', async () => {
    const [sara] = await app.db.select().from(users).where(eq(users.email, 'sara@agency.test'));
    expect(sara!.name).toBe(userFields.name.parse(NAME_WITH_CONTROLS));
    expect(sara!.name).not.toContain('\u202E');
    const [listed] = await app.db
      .select()
      .from(properties)
      .where(eq(properties.legacyId, id(11)));
    expect(listed!.description).toBe(propertyFieldsSchema.shape.description.parse(DESCRIPTION_WITH_CONTROLS));
    // Optional fields the API would refuse are left out, as the mapping does for rooms or floors.
    const [david] = await app.db.select().from(users).where(eq(users.email, 'david@agency.test'));
    expect(david!.phoneNumber).toBe('');
    const [noa] = await app.db.select().from(users).where(eq(users.email, 'noa@agency.test'));
    expect(noa!.phoneNumber).toBe('050-1234567');
    const [withLink] = await app.db
      .select()
      .from(properties)
      .where(eq(properties.legacyId, id(14)));
    expect(withLink!.yad2).toBeNull();
  });

  it('prints no password hash and no raw control character', async () => {
    const text = formatReport(await run());
    expect(text).toContain(`${id(2)}: refused by the API's rules: name: עד 80 תווים`);
    expect(text).toContain('phone_number: "03-555\\u{202E}1234" -> ""');
    for (const raw of ['\u0000', '\r', '\u202E']) expect(text).not.toContain(raw);
    expect(text).not.toContain(HASH.slice(0, 7));
  });

  it('a write the database refuses is told without its statement or parameters', async () => {
    const row = { name: 'כפול', email: 'twice@agency.test', phoneNumber: '', passwordHash: HASH };
    const err = await app.db
      .insert(users)
      .values([row, row])
      .then(() => null)
      .catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(Error);
    expect(String(err!.message)).toContain(HASH);
    const message = importFailureMessage(err);
    expect(message).toMatch(/^the database refused a write: .*duplicate key/);
    expect(message).not.toContain(HASH);
    expect(message).not.toContain('twice@agency.test');
    expect(message).not.toMatch(/params|insert into/i);
  });
});

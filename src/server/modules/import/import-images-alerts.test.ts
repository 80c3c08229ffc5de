import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertDeliveries, alertEvents, mailOutbox, properties, propertyImages } from '../../db/schema';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { runAlertsOnce } from '../alerts';
import { addPropertyByApi, confirmedSubscriber, freshEmail, WEEKDAY_MORNING } from '../alerts/test-helpers';
import { runImport } from './run-import';
import { ID, writeFixture } from './test-fixture';

let app: TestApp;
let fixture: { dir: string; images: string };
const outside = mkdtempSync(join(tmpdir(), 'outside-images-'));
const plenty = { max: 100_000, windowMs: 60_000 };

const run = (options: { dryRun?: boolean } = {}) =>
  runImport(app.db, {
    dir: fixture.dir,
    storage: app.storage,
    origin: 'https://agency.example',
    imagesFrom: fixture.images,
    ...options,
  });
const alertMailsTo = (to: TestApp, email: string) =>
  to.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, 'alert')));

beforeAll(async () => {
  app = await createTestApp({ rateLimits: { alertsSubscribePerIp: plenty, alertsPagePerIp: plenty } });
  await app.ready();
  fixture = await writeFixture();
  // A file outside the image folder, reached by a symbolic link inside it; and a link that stays inside.
  const secret = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } })
    .jpeg()
    .toBuffer();
  writeFileSync(join(outside, 'secret.jpg'), secret);
  symlinkSync(join(outside, 'secret.jpg'), join(fixture.images, 'escape.jpg'));
  symlinkSync(join(fixture.images, 'p1-front.jpg'), join(fixture.images, 'alias.jpg'));
  const path = join(fixture.dir, 'properties.json');
  const lines = readFileSync(path, 'utf8').trim().split('\n');
  const p2 = { ...JSON.parse(lines[1]!), images: ['escape.jpg', 'alias.jpg'] };
  writeFileSync(path, [lines[0], JSON.stringify(p2), lines[2]].join('\n'));
});
afterAll(() => {
  for (const folder of [fixture.dir, fixture.images, outside])
    rmSync(folder, { recursive: true, force: true });
});

describe('--images-from and symbolic links', () => {
  it('a link out of the folder is reported and skipped, in a dry run too; one inside it is followed', async () => {
    for (const dryRun of [true, false]) {
      const report = await run({ dryRun });
      expect(report.images.rejected).toEqual([
        { name: 'escape.jpg', reason: 'a symbolic link to a file outside --images-from' },
      ]);
      expect(report.images.processed).toBe(3);
    }
    const [p2] = await app.db.select().from(properties).where(eq(properties.legacyId, ID.p2));
    const photos = await app.db.select().from(propertyImages).where(eq(propertyImages.propertyId, p2!.id));
    expect(photos).toHaveLength(1);
  });
});

describe('imported properties and visitor alerts', () => {
  it('are moved listings, not new ones: no alert event, no alert mail, on the first run or a later one', async () => {
    const fresh = await createTestApp({
      rateLimits: { alertsSubscribePerIp: plenty, alertsPagePerIp: plenty },
    });
    await fresh.ready();
    const buyer = freshEmail();
    // Both fixture properties match: sales and rentals in חיפה and עכו, any price.
    await confirmedSubscriber(fresh, buyer, { search: { type: 'sale', city: 'חיפה' } });
    const options = { dir: fixture.dir, storage: fresh.storage, origin: 'https://agency.example' };
    await runImport(fresh.db, options);
    // A later run that lowers a price is still the earlier app's data, not a price drop to announce.
    const path = join(fixture.dir, 'properties.json');
    const saved = readFileSync(path, 'utf8');
    writeFileSync(path, saved.replace('"price":1200000', '"price":1100000'));
    await runImport(fresh.db, options);
    writeFileSync(path, saved);
    const [p1] = await fresh.db.select().from(properties).where(eq(properties.legacyId, ID.p1));
    expect(p1!.price).toBe(1_100_000);
    expect(await fresh.db.select().from(alertEvents)).toEqual([]);
    await runAlertsOnce(fresh, WEEKDAY_MORNING);
    expect(await fresh.db.select().from(alertDeliveries)).toEqual([]);
    expect(await alertMailsTo(fresh, buyer)).toEqual([]);

    // The same subscriber is told of a listing an admin adds: the check above could see one.
    const admin = await createUser(fresh.db, { role: 'admin' });
    await addPropertyByApi(fresh, await signIn(fresh, admin.email, TEST_PASSWORD), { city: 'חיפה' });
    await runAlertsOnce(fresh, WEEKDAY_MORNING);
    expect(await alertMailsTo(fresh, buyer)).toHaveLength(1);
  });
});

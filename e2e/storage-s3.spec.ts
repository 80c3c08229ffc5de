import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { photo } from './data';
import { expect, expectToast, test } from './fixtures';
import { createPerson } from './people';

// Its own server with STORAGE=s3, on an S3-compatible server (s3rver) started here, and a fresh embedded
// database seeded with the demo agency: the admin wizard's photos go to the bucket, and the property page shows
// them through the server.
const port = Number(process.env.E2E_PORT) + 3;
const origin = `http://localhost:${port}`;
const root = join(import.meta.dirname, '..');
const dataDir = join(root, '.tmp', `e2e-s3-${port}`);
const BUCKET = 'photos';
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
let server: ChildProcess | undefined;
let s3: S3rver | undefined;
let s3Dir: string | undefined;
let bucket: S3Client;

test.use({ baseURL: origin });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  rmSync(dataDir, { recursive: true, force: true });
  s3Dir = mkdtempSync(join(tmpdir(), 'e2e-s3rver-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
  bucket = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    APP_ORIGIN: origin,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WEB_ROOT: join(root, 'dist/web'),
    MAX_EVENT_LOOP_DELAY_MS: '0',
    MAX_REQUEST_WAIT_MS: '0',
    STORAGE: 's3',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  };
  delete env.DATABASE_URL;
  delete env.S3_PUBLIC_URL;
  server = spawn(process.execPath, [join(root, 'dist/server/main.js')], { cwd: root, env, stdio: 'inherit' });
  await expect
    .poll(
      () =>
        fetch(`${origin}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 180_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (s3Dir) rmSync(s3Dir, { recursive: true, force: true });
});

const keysUnder = async (prefix: string) =>
  ((await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))).Contents ?? []).map(
    (o) => o.Key!,
  );

test('the admin wizard stores its photos in the bucket and the property page shows them', async ({
  page,
  signInAs,
  shot,
}) => {
  const ADDRESS = `הנמל ${100 + Math.floor(Math.random() * 9_900)}`;
  await signInAs('admin');
  const agent = await createPerson(page.request, 'agent');
  await page.goto('/NewProperty');
  await page.getByLabel('סוג עסקה').selectOption('מכירה');
  await page.getByLabel('עיר').fill('עכו');
  await page.getByLabel('כתובת', { exact: true }).fill(ADDRESS);
  await page.getByLabel('סוכן ראשי').selectOption({ label: agent.name });
  await page.getByRole('button', { name: 'המשך' }).click();
  await page.getByLabel('סוג נכס').selectOption('דירה');
  await page.getByRole('button', { name: 'המשך' }).click();
  await page.getByLabel('חדרים').fill('3');
  await page.getByRole('button', { name: 'המשך' }).click();
  await page.getByRole('button', { name: 'המשך' }).click();
  await page.getByLabel('מחיר').fill('1450000');
  await page
    .getByLabel('תמונות')
    .setInputFiles([
      await photo('#2a6f97', 'front.jpg', 'jpeg'),
      await photo('#e9c46a', 'balcony.jpg', 'jpeg'),
    ]);
  await expect(page.getByRole('img', { name: /\.jpg$/ })).toHaveCount(2);
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/property'),
  );
  await page.getByRole('button', { name: 'סיום' }).click();
  await expectToast(page, 'הנכס נוצר בהצלחה!');
  const property = (await (await created).json()).data.data as {
    _id: string;
    photos: { variants: { url: string }[] }[];
  };
  expect(property.photos).toHaveLength(2);

  // Every variant is an object in the bucket, under the key its URL names, and none is on the server's disk.
  const stored = await keysUnder(`properties/${property._id}/`);
  const named = property.photos.flatMap((p) => p.variants.map((v) => v.url.replace(/^\/uploads\//, '')));
  expect(named.length).toBeGreaterThan(2);
  expect(stored.sort()).toEqual(named.sort());
  expect(existsSync(join(dataDir, 'uploads', 'properties', property._id))).toBe(false);

  // The property page shows both photos, served by the server from the bucket.
  await page.goto(`/PropertyView/${property._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(ADDRESS);
  await expect(page.getByTestId('agent-name')).toHaveText(agent.name);
  const shown = page.locator('img[src^="/uploads/properties/"]');
  await expect(shown.first()).toBeVisible();
  await expect
    .poll(() =>
      shown.evaluateAll(
        (images) =>
          images.filter((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)
            .length,
      ),
    )
    .toBeGreaterThan(0);
  const sources = await shown.evaluateAll((images) => images.map((i) => (i as HTMLImageElement).currentSrc));
  const ids = new Set(sources.map((src) => new URL(src).pathname.split('/')[3]));
  expect(ids).toEqual(new Set([property._id]));
  await shot('property page with photos from the bucket');

  // The main photo as the browser gets it: from the bucket, long-cached and immutable.
  const main = await page.request.get(sources[0]!);
  expect(main.status()).toBe(200);
  expect(main.headers()['content-type']).toBe('image/webp');
  expect(main.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  // The gallery opens the second photo, also from the bucket.
  const second = property.photos[1]!.variants.at(-1)!.url.replace(/-\d+\.webp$/, '');
  await expect(page.locator(`img[src^="${second}"], img[srcset*="${second}"]`).first()).toBeAttached();
});

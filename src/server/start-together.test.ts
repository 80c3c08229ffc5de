import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { multipart, pngImage, SALE_FIELDS } from './modules/properties/test-helpers';
import { shareImageKey } from './pages/share-image';
import { createUser, TEST_PASSWORD } from './test/factories';
import { adminQuery, withDatabase } from './test/global-setup';
import { S3_TEST_CREDENTIALS, startS3Server } from './test/s3-server';
import { type LogLine, onNewConnection, ServerProcess } from './test/server-process';

// The real entry point in child processes (tsx): slow to start on a busy machine.
const TIMEOUT = 240_000;
const IMMUTABLE = 'public, max-age=31536000, immutable';

const journal = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../drizzle/meta/_journal.json'), 'utf8'),
) as {
  entries: unknown[];
};

const isListening = (line: LogLine) => line.msg.startsWith('Server listening at ');
/** Every file under a machine's DATA_DIR/uploads (none when the photos live in the bucket). */
const localUploads = (dir: string) =>
  existsSync(join(dir, 'uploads')) ? readdirSync(join(dir, 'uploads'), { recursive: true }) : [];

/**
 * Three machines, each one server process (WORKERS=1; each would run WORKERS of them behind its own port), on
 * one fresh PostgreSQL database and one S3-compatible bucket, all started at once.
 */
describe.runIf(process.env.TEST_DB_KIND === 'postgres')('servers on several machines', () => {
  const name = `fresh_${Math.random().toString(36).slice(2, 10)}`;
  let url: string;
  let databaseUrl: string;
  let dataDirs: string[] = [];
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let servers: ServerProcess[] = [];
  /** The photo the second test uploads. */
  let photoId: string | undefined;

  beforeAll(async () => {
    url = process.env.TEST_DATABASE_URL!;
    databaseUrl = withDatabase(url, name);
    dataDirs = [0, 1, 2].map(() => mkdtempSync(join(tmpdir(), 'machine-')));
    s3 = await startS3Server();
    await adminQuery(url, `create database "${name}"`);
    servers = dataDirs.map(
      (dir) =>
        new ServerProcess({
          DATABASE_URL: databaseUrl,
          DATA_DIR: dir,
          NODE_ENV: 'test',
          WORKERS: '1',
          // Long enough for the drain test's two requests on a busy machine.
          SHUTDOWN_DRAIN_MS: '10000',
          STORAGE: 's3',
          S3_BUCKET: 'photos',
          S3_ENDPOINT: s3.endpoint,
          S3_REGION: 'us-east-1',
          AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
          AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
        }),
    );
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await adminQuery(url, `drop database if exists "${name}" with (force)`);
    await s3?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }, 120_000); // the servers drain before they stop

  /** Every server listening, each on its own port. */
  const allListening = async () => {
    await Promise.all(servers.map((s) => s.waitFor(isListening)));
    return servers.map((s) => s.listening().port);
  };

  it(
    'started at once on a fresh database, one migrates while the others wait, and all become ready',
    async () => {
      const migrated = await Promise.all(
        servers.map((s) => s.waitFor((l) => l.msg === 'database schema up to date')),
      );
      // One of them applied every migration; the others waited for it and found nothing left.
      expect(migrated.map((l) => l.applied).sort()).toEqual([0, 0, journal.entries.length]);
      for (const port of await allListening()) {
        const res = await onNewConnection(port, { path: '/api/health/ready' });
        expect(res.status).toBe(200);
      }
      const check = await openDatabase({ databaseUrl, poolSize: 1 });
      try {
        const rows = (await check.db.execute(
          'select count(*)::int as n from drizzle.__drizzle_migrations' as never,
        )) as unknown as {
          rows: { n: number }[];
        };
        expect(rows.rows[0]!.n).toBe(journal.entries.length);
      } finally {
        await check.close();
      }
    },
    TIMEOUT,
  );

  it(
    'a photo uploaded through one server is served by the others from the bucket, immutable, none on a local disk',
    async () => {
      const ports = await allListening();
      const check = await openDatabase({ databaseUrl, poolSize: 1 });
      let email: string;
      try {
        email = (await createUser(check.db, { role: 'admin' })).email;
      } finally {
        await check.close();
      }
      const signedIn = await onNewConnection(ports[0]!, {
        method: 'POST',
        path: '/api/v1/users/login',
        json: { email, password: TEST_PASSWORD },
      });
      expect(signedIn.status).toBe(200);
      const cookie = signedIn.setCookie[0]!.split(';')[0]!;
      const form = await multipart(SALE_FIELDS, [
        { name: 'salon.png', type: 'image/png', data: await pngImage(1200, 900) },
      ]);
      const created = await onNewConnection(ports[0]!, {
        method: 'POST',
        path: '/api/v1/property',
        cookie,
        body: form.payload,
        headers: form.headers,
      });
      expect(created.status).toBe(201);
      const id = JSON.parse(created.body).data.data._id as string;

      const bucket = s3.storage();
      for (const port of ports.slice(1)) {
        const read = await onNewConnection(port, { path: `/api/v1/property/${id}` });
        expect(read.status).toBe(200);
        const [photo] = JSON.parse(read.body).data.data.photos as {
          _id: string;
          variants: { url: string }[];
        }[];
        photoId = photo!._id;
        expect(photo!.variants.length).toBeGreaterThan(0);
        for (const variant of photo!.variants) {
          expect(variant.url).toMatch(/^\/uploads\/properties\//);
          const served = await onNewConnection(port, { path: variant.url });
          expect(served.status).toBe(200);
          expect(served.headers['content-type']).toBe('image/webp');
          expect(served.headers['cache-control']).toBe(IMMUTABLE);
          expect(served.bytes).toEqual(await bucket.read(variant.url.slice('/uploads/'.length)));
        }
      }
      for (const dir of dataDirs) expect(localUploads(dir)).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'a server that gets SIGTERM answers not ready at once while it still serves, then exits cleanly',
    async () => {
      const [port] = await allListening();
      const first = servers[0]!;
      first.child.kill('SIGTERM');
      await first.waitFor((l) => l.msg === 'draining');
      expect((await onNewConnection(port!, { path: '/api/health/ready' })).status).toBe(503);
      expect((await onNewConnection(port!, { path: '/api/health/live' })).status).toBe(200);
      expect((await first.exited).code).toBe(0);
      // Its work after the answers, the uploaded photo's share image, went to the bucket too.
      expect((await s3.storage().list()).map((f) => f.key)).toContain(shareImageKey(photoId!));
      for (const dir of dataDirs) expect(localUploads(dir)).toEqual([]);
    },
    TIMEOUT,
  );
});

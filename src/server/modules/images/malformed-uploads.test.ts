import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { properties } from '../../db/schema';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await createTestApp();
  const user = await createUser(app.db, { role: 'admin' });
  admin = await signIn(app, user.email, TEST_PASSWORD);
});

const part = (field: string) =>
  `--xyz\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
/** Broken multipart bodies, each with the content type it is sent with. */
const MALFORMED: [string, string, string][] = [
  ['truncated before the closing boundary', 'multipart/form-data; boundary=xyz', `${part('F')}\u0089PNG`],
  ['no boundary in the content type', 'multipart/form-data', `${part('F')}abc\r\n--xyz--\r\n`],
  [
    'a part header that never ends',
    'multipart/form-data; boundary=xyz',
    '--xyz\r\nContent-Disposition: form',
  ],
  ['a boundary that never appears', 'multipart/form-data; boundary=other', `${part('F')}abc\r\n--xyz--\r\n`],
  ['an empty body', 'multipart/form-data; boundary=xyz', ''],
];

const uploadsOnDisk = () =>
  readdirSync(join(app.dataDir, 'uploads'), { recursive: true, withFileTypes: true }).filter((e) =>
    e.isFile(),
  ).length;

describe('a malformed multipart body is the client’s error (400), never a 500', () => {
  const routes = [
    ['/api/v1/users/image', 'image'],
    ['/api/v1/settings/media/image', 'file'],
    ['/api/v1/settings/media/video', 'file'],
    ['/api/v1/property', 'images'],
  ] as const;
  for (const [url, field] of routes)
    for (const [name, type, body] of MALFORMED)
      it(`${url}: ${name}`, async () => {
        const files = uploadsOnDisk();
        const rows = (await app.db.select().from(properties)).length;
        const res = await app.inject({
          method: 'POST',
          url,
          payload: body.replaceAll('name="F"', `name="${field}"`),
          headers: { 'content-type': type, cookie: admin },
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ status: 'fail', code: 'VALIDATION' });
        expect(uploadsOnDisk()).toBe(files);
        expect((await app.db.select().from(properties)).length).toBe(rows);
      });
});

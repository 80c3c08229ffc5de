import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseBeforeMigration, rowsOf } from '../test/migration-fixture';
import type { DatabaseHandle } from './client';

/**
 * Migrations that change existing data: the rows written before them, and what the rows say after. Each test
 * migrates an empty database from the start: a ceiling of minutes, for a busy machine.
 */
const MIGRATING = 300_000;
let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

const insertUser = (email: string, companyRole: string | null, role = 'agent') =>
  sql`insert into users (name, email, role, company_role, password_hash)
      values ('משתמש', ${email}, ${role}, ${companyRole}, 'x')`;

describe('user_gender', () => {
  it(
    'makes women of the users whose title is written in the feminine, and keeps everyone',
    async () => {
      handle = await databaseBeforeMigration('user_gender');
      await handle.db.execute(insertUser('a@example.com', 'יועצת נדל"ן מובילה'));
      await handle.db.execute(insertUser('b@example.com', 'מנהלת משרד', 'admin'));
      await handle.db.execute(insertUser('c@example.com', 'יועץ נדל"ן מוביל'));
      await handle.db.execute(insertUser('d@example.com', null, 'admin'));
      await handle.migrate();
      const rows = await rowsOf<{ email: string; gender: string }>(
        handle,
        sql`select email, gender from users order by email`,
      );
      expect(rows).toEqual([
        { email: 'a@example.com', gender: 'female' },
        { email: 'b@example.com', gender: 'female' },
        { email: 'c@example.com', gender: 'male' },
        { email: 'd@example.com', gender: 'male' },
      ]);
    },
    MIGRATING,
  );
});

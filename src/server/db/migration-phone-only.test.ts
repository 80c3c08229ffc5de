import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseBeforeMigration, rowsOf } from '../test/migration-fixture';
import type { DatabaseHandle } from './client';

/**
 * Phone-only subscribers first kept a `phone-only:<uuid>` placeholder in the required e-mail column; migration
 * phone_only_subscribers makes the column nullable and turns the placeholders into nulls, addresses untouched.
 */
let handle: DatabaseHandle;

const insertSubscriber = (name: string, email: string, phone: string) =>
  sql`insert into alert_subscribers (name, email, phone, consent_text, consent_at)
      values (${name}, ${email}, ${phone}, 'הסכמה', now())`;

beforeAll(async () => {
  handle = await databaseBeforeMigration('phone_only_subscribers');
  await handle.db.execute(
    insertSubscriber('בטלפון', 'phone-only:6c1f0e8e-2a4b-4c55-9a57-0c1d2e3f4a5b', '0541234567'),
  );
  await handle.db.execute(insertSubscriber('במייל', 'buyer@example.com', ''));
  await handle.migrate();
}, 300_000);
afterAll(() => handle?.close());

it('a phone-only placeholder becomes a null address, and a real address stays', async () => {
  const rows = await rowsOf<{ name: string; email: string | null }>(
    handle,
    sql`select name, email from alert_subscribers order by email nulls last`,
  );
  expect(rows).toEqual([
    { name: 'במייל', email: 'buyer@example.com' },
    { name: 'בטלפון', email: null },
  ]);
  // Nulls never collide: any number of phone-only subscribers fit under the one-per-address index.
  await handle.db.execute(sql`insert into alert_subscribers (name, phone, consent_text, consent_at)
      values ('עוד אחד', '0547654321', 'הסכמה', now())`);
});

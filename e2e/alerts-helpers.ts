import type { APIRequestContext } from '@playwright/test';
import { DEMO, expect } from './fixtures';
import { type CaughtMail, mailsTo } from './mail-catcher';

/** The admin's API session, apart from the page's (the visitor never signs in). */
export async function asAdmin(request: APIRequestContext) {
  const res = await request.post('/api/v1/users/login', { data: DEMO.admin });
  expect(res.status()).toBe(200);
}

/** The newest mail to this address whose text matches, once it has arrived (the outbox sends it). */
export async function mailMatching(address: string, pattern: RegExp) {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      () => {
        found = mailsTo(address)
          .filter((mail) => pattern.test(mail.text))
          .at(-1);
        return Boolean(found);
      },
      { timeout: 120_000 },
    )
    .toBe(true);
  return found!;
}

export const linkIn = (text: string, path: RegExp) => new URL(text.match(path)?.[0] ?? 'http://x/').pathname;

import { expect, test } from './fixtures';

// A browser keeps a visitor's copy of a public answer (it may serve it stale while revalidating); after signing
// in, the first read of the same address must be the signed-in one (issue 41, `Vary: Cookie`).

type Listed = { data: { data: { _id: string; email?: string; role?: string }[] } };

test('the first read after signing in is the signed-in copy, not the one kept before', async ({
  page,
  signInAs,
}) => {
  await page.goto('/AboutLink');
  const read = () =>
    page.evaluate(async () => {
      const res = await fetch('/api/v1/users', { credentials: 'same-origin' });
      return { body: (await res.json()) as Listed, cacheControl: res.headers.get('cache-control') };
    });

  const visitor = await read();
  expect(visitor.cacheControl).toContain('stale-while-revalidate');
  expect(visitor.body.data.data.length).toBeGreaterThan(0);
  expect(visitor.body.data.data.every((user) => user.email === undefined)).toBe(true);

  await signInAs('admin');
  const admin = await read();
  expect(admin.cacheControl).toBe('private, no-cache');
  expect(admin.body.data.data.some((user) => user.email === 'admin@example.com')).toBe(true);

  // And back: after signing out, the visitor's copy again, not the admin's.
  const out = await page.request.post('/api/v1/users/logout');
  expect(out.status()).toBeLessThan(300);
  const again = await read();
  expect(again.body.data.data.every((user) => user.email === undefined)).toBe(true);
});

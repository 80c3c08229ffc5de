import { beforeAll, describe, expect, it } from 'vitest';
import { createPagesApp } from '../../pages/test-pages';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { signIn, type TestApp } from '../../test/test-app';

/** The network's internal terms (the referral fee between branches) are read by network admins only. */
let app: TestApp;
const cookies: Record<'network' | 'branchAdmin' | 'agent', string> = {
  network: '',
  branchAdmin: '',
  agent: '',
};

beforeAll(async () => {
  app = await createPagesApp();
  const network = await createUser(app.db, { role: 'admin' });
  const branchAdmin = await createUser(app.db, { role: 'admin', networkAccess: false });
  const agent = await createUser(app.db);
  cookies.network = await signIn(app, network.email, TEST_PASSWORD);
  cookies.branchAdmin = await signIn(app, branchAdmin.email, TEST_PASSWORD);
  cookies.agent = await signIn(app, agent.email, TEST_PASSWORD);
  const saved = await app.inject({
    method: 'PATCH',
    url: '/api/v1/settings',
    payload: { referralFeePercent: 37 },
    headers: { cookie: cookies.network },
  });
  expect(saved.statusCode).toBe(200);
  expect(saved.json().data.settings.referralFeePercent).toBe(37);
});

describe('the referral fee between branches', () => {
  it('is not in the settings every visitor and every signed-in person reads', async () => {
    for (const cookie of [undefined, cookies.agent, cookies.network]) {
      const res = await app.inject({ url: '/api/v1/settings', headers: cookie ? { cookie } : {} });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.settings.agencyName).toEqual(expect.any(String));
      expect(res.json().data.settings).not.toHaveProperty('referralFeePercent');
    }
  });

  it('is not in a public page, where every page carries the settings it read', async () => {
    const page = await app.inject({ url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('agencyName');
    expect(page.body).not.toContain('referralFeePercent');
  });

  it('is read by a network admin on the settings page, and by no one else', async () => {
    const read = (cookie?: string) =>
      app.inject({ url: '/api/v1/settings/network', headers: cookie ? { cookie } : {} });
    const network = await read(cookies.network);
    expect(network.statusCode).toBe(200);
    expect(network.json().data.settings.referralFeePercent).toBe(37);
    expect((await read(cookies.branchAdmin)).statusCode).toBe(403);
    expect((await read(cookies.agent)).statusCode).toBe(403);
    expect((await read()).statusCode).toBe(401);
  });
});

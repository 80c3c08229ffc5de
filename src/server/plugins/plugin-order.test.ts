import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { accessPlugin } from './access';
import { sessionPlugin } from './session';

// The order of app.ts is checked by fastify-plugin metadata, not kept by a comment.
describe('plugin order', () => {
  it('refuses the session plugin before the read caches', async () => {
    const app = Fastify({ logger: false });
    app.register(sessionPlugin, { ttlHours: 1, idleHours: 1, secureCookie: false, sameSite: 'lax' });
    await expect(app.ready()).rejects.toThrow(/read-cache/);
  });

  it('refuses access rules before the session plugin', async () => {
    const app = Fastify({ logger: false });
    app.register(accessPlugin);
    await expect(app.ready()).rejects.toThrow(/session/);
  });
});

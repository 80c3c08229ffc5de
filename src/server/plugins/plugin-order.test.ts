import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { accessPlugin } from './access';
import { compressionPlugin } from './compression';
import { inputGuardPlugin } from './input-guard';
import { readCachePlugin } from './read-cache';
import { sessionPlugin } from './session';

// The order of app.ts is checked by fastify-plugin metadata, not kept by a comment.
describe('plugin order', () => {
  it('refuses the session plugin before the read caches', async () => {
    const app = Fastify({ logger: false });
    app.register(sessionPlugin, { ttlHours: 1, idleHours: 1, secureCookie: false, sameSite: 'lax' });
    await expect(app.ready()).rejects.toThrow(/read-cache/);
  });

  it('refuses the input guard before the access rules, and compression before the ETags', async () => {
    const guarded = Fastify({ logger: false });
    guarded.register(inputGuardPlugin);
    await expect(guarded.ready()).rejects.toThrow(/access/);
    const compressed = Fastify({ logger: false });
    compressed.register(compressionPlugin);
    await expect(compressed.ready()).rejects.toThrow(/etag/);
  });

  it('refuses the read caches without a database', async () => {
    const app = Fastify({ logger: false });
    app.register(readCachePlugin);
    await expect(app.ready()).rejects.toThrow(/db/);
  });

  it('refuses access rules before the session plugin', async () => {
    const app = Fastify({ logger: false });
    app.register(accessPlugin);
    await expect(app.ready()).rejects.toThrow(/session/);
  });
});

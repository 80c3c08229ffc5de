// The tests Stryker runs against each mutant of the server's request rules (stryker.server.config.json): access,
// origin, session lifetime and photo type (src/server/rules, pure: no database), and the Idempotency-Key writes
// (src/server/lib/idempotency.ts, through its unit test, which races one key on a database of its own, and the API
// tests that replay keys on PGlite). The plugins that apply them are pinned by the API tests; lead routing is in
// src/shared/domain, under stryker.config.json.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const path = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: { '@shared': path('./src/shared'), '@web': path('./src/web'), '@server': path('./src/server') },
  },
  test: {
    include: [
      'src/server/rules/request-rules.test.ts',
      'src/server/modules/images/malformed-uploads.test.ts',
      'src/server/lib/idempotency.test.ts',
      'src/server/modules/leads/pipeline/idempotency.test.ts',
      'src/server/modules/indicators/idempotency.test.ts',
    ],
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    env: { TEST_DB_KIND: 'pglite', NODE_ENV: 'test' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const path = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const serverTests = ['src/server/**/*.test.ts'];
/**
 * Node 25 and later have a `localStorage` global of their own (undefined without --localstorage-file) that hides
 * jsdom's: the component tests turn it off where the flag exists (Node 20 has neither).
 */
const withoutNodeWebStorage = process.allowedNodeEnvironmentFlags.has('--webstorage')
  ? ['--no-webstorage']
  : [];

const serverProject = (name: string, dbKind: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include: serverTests,
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    env: { TEST_DB_KIND: dbKind, NODE_ENV: 'test' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  resolve: {
    alias: { '@shared': path('./src/shared'), '@web': path('./src/web'), '@server': path('./src/server') },
  },
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/shared/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          execArgv: withoutNodeWebStorage,
          setupFiles: ['src/web/test/setup.ts'],
          // A ceiling, never a wait: a many-step form test took over 5 s (the default) with two full suites
          // running beside it on 2 cores. Above Testing Library's 10 s wait, so a missing element fails there.
          testTimeout: 30_000,
        },
      },
      serverProject('server', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
    ],
  },
});

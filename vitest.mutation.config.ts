// Only the unit tests of src/shared: what Stryker runs against each mutant of src/shared/domain.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) } },
  test: { include: ['src/shared/**/*.test.ts'], environment: 'node' },
});

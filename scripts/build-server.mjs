// Bundles the server into dist/server (dependencies stay in node_modules).
import { build } from 'esbuild';

const entries = { main: 'src/server/main.ts' };
await build({
  entryPoints: entries,
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

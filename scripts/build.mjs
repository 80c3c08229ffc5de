// Production build: the web app into BUILD_DIR/web and the server bundle into BUILD_DIR/server (default dist/).
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';

const outDir = process.env.BUILD_DIR ?? 'dist';
const vite = spawnSync('npx', ['vite', 'build', '--outDir', `${outDir}/web`, '--emptyOutDir'], {
  stdio: 'inherit',
});
if (vite.status !== 0) process.exit(vite.status ?? 1);

await build({
  entryPoints: { main: 'src/server/main.ts' },
  outdir: `${outDir}/server`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

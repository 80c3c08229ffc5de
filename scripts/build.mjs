// Production build: the web app into BUILD_DIR/web (with .br and .gz copies of its text files), its server
// renderer into BUILD_DIR/ssr and the server bundle into BUILD_DIR/server (default dist/).
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';
import { build as viteBuild } from 'vite';
import { compressAssets } from './compress-assets.mjs';

const outDir = process.env.BUILD_DIR ?? 'dist';
const vite = spawnSync('npx', ['vite', 'build', '--outDir', `${outDir}/web`, '--emptyOutDir'], {
  stdio: 'inherit',
});
if (vite.status !== 0) process.exit(vite.status ?? 1);
compressAssets(`${outDir}/web`);

// The server renderer of the public pages (src/web/entry-server.tsx), loaded by the server at run time.
await viteBuild({
  logLevel: 'warn',
  build: {
    ssr: 'src/web/entry-server.tsx',
    outDir: `${outDir}/ssr`,
    emptyOutDir: true,
    copyPublicDir: false,
  },
});

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

// `npm start`: builds only when the build is missing or older than the sources, then runs the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const outputs = ['dist/web/index.html', 'dist/ssr/entry-server.js', 'dist/server/main.js'].map((p) =>
  join(root, p),
);
delete process.env.BUILD_DIR;
const inputs = ['src', 'index.html', 'vite.config.ts', 'package.json', 'public', 'drizzle'].map((p) =>
  join(root, p),
);

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

const builtAt = Math.min(...outputs.map((p) => (existsSync(p) ? statSync(p).mtimeMs : 0)));
if (builtAt === 0 || Math.max(...inputs.map(newest)) > builtAt) {
  console.info('building the site...');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: root });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.env.NODE_ENV ??= 'production';
// Links in e-mails are built from APP_ORIGIN, which production requires. The zero-configuration quick start
// serves this machine only, so its own address is then the right origin; serving others needs both set.
if (!process.env.APP_ORIGIN && !process.env.HOST) {
  process.env.HOST = '127.0.0.1';
  process.env.APP_ORIGIN = `http://localhost:${process.env.PORT ?? 3000}`;
  console.info(
    `APP_ORIGIN is not set: serving ${process.env.APP_ORIGIN} to this machine only. ` +
      'Set HOST and APP_ORIGIN (the public address, e.g. https://agency.example) to serve others.',
  );
}
await import(join(root, 'dist/server/main.js'));

// Serves the production build for the end-to-end tests: a fresh embedded database seeded with the demo agency.
import { rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dataDir = join(root, '.tmp', `e2e-data-${process.env.PORT}`);
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = 'production';
process.env.APP_ORIGIN ??= `http://localhost:${process.env.PORT}`;
process.env.LOG_LEVEL ??= 'warn';
delete process.env.DATABASE_URL;
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const buildDir = join(root, process.env.BUILD_DIR ?? 'dist');
process.env.WEB_ROOT = join(buildDir, 'web');
await import(join(buildDir, 'server/main.js'));

// Writes .br (quality 11) and .gz (level 9) next to every text file of the built web app over 1 KB, so
// @fastify/static (preCompressed) serves them without compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
const THRESHOLD = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

export function compressAssets(root) {
  let count = 0;
  for (const path of files(root)) {
    if (!TEXT.test(path)) continue;
    const body = readFileSync(path);
    if (body.length < THRESHOLD) continue;
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    count += 1;
  }
  return count;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.argv[2] ?? 'dist/web';
  console.info(`compressed ${compressAssets(root)} files in ${root}`);
}

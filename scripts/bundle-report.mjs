// npm run build:report — what each chunk of the web build holds: the production build (into a temporary
// directory) with every chunk's modules, grouped by package, their rendered and gzip sizes. With a route
// (`npm run build:report -- /`), only the chunks that route's first load needs: the entry's static imports and
// the page's own chunk with its static imports. No visualizer dependency: the bundle's own module table.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const outDir = mkdtempSync(join(tmpdir(), 'bundle-report-'));
const chunks = new Map();
await build({
  logLevel: 'warn',
  mode: 'production',
  build: { outDir, emptyOutDir: true },
  plugins: [
    {
      name: 'bundle-report',
      generateBundle(_, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk') chunks.set(chunk.fileName, chunk);
        }
      },
    },
  ],
});
rmSync(outDir, { recursive: true, force: true });

const gz = (code) => gzipSync(code ?? '', { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const owner = (id) => {
  const nm = id.lastIndexOf('node_modules/');
  if (nm === -1) return id.replace(`${process.cwd()}/`, '').replace(/\?.*$/, '');
  const parts = id.slice(nm + 'node_modules/'.length).split('/');
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
};

/** The chunks a file needs before it runs: itself and its static imports, transitively. */
function closure(fileName, seen = new Set()) {
  if (seen.has(fileName) || !chunks.has(fileName)) return seen;
  seen.add(fileName);
  for (const imported of chunks.get(fileName).imports) closure(imported, seen);
  return seen;
}

const route = process.argv[2];
const entry = [...chunks.values()].find(
  (chunk) => chunk.isEntry && chunk.fileName.startsWith('assets/index'),
);
let selected = [...chunks.keys()];
if (route && entry) {
  const pageModule = { '/': 'home-page', '/Sale': 'listing-page', '/Rent': 'listing-page' }[route] ?? route;
  const page = [...chunks.keys()].find((name) => name.includes(pageModule));
  // The entry, the app it starts (a dynamic import of the boot script) and the page's chunk.
  const first = closure(entry.fileName, page ? closure(page) : new Set());
  for (const started of entry.dynamicImports) closure(started, first);
  selected = [...first];
}
let total = 0;
for (const name of selected.sort((a, b) => gz(chunks.get(b).code) - gz(chunks.get(a).code))) {
  const chunk = chunks.get(name);
  const size = gz(chunk.code);
  total += size;
  console.info(`${name} ${kb(size)} gzip`);
  const byOwner = new Map();
  for (const [id, mod] of Object.entries(chunk.modules)) {
    const key = owner(id);
    byOwner.set(key, (byOwner.get(key) ?? 0) + gz(mod.code));
  }
  for (const [key, bytes] of [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
    if (bytes > 300) console.info(`  ${key} ${kb(bytes)}`);
  }
}
console.info(`total ${kb(total)} gzip in ${selected.length} chunks`);

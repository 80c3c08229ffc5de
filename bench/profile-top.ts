/**
 * The top frames of a CPU profile by self time, as a Markdown table for docs/performance.md.
 *
 *   BENCH_CPU_PROF=/tmp/prof BENCH_ONLY=single npm run bench:properties
 *   npx tsx bench/profile-top.ts /tmp/prof/CPU.*.0.001.cpuprofile [count] [from]
 *
 * (The `.0.` file is the server's main thread; tsx's module loader thread writes its own.) Frames are grouped
 * by function, file and line; the idle and garbage-collector pseudo-frames are listed too, so the shares add
 * up to the whole profile. `from` (seconds) leaves out the samples before that time since the profile began:
 * the server's start-up, to see the steady state of the requests alone.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const [file, countText, fromText] = process.argv.slice(2);
if (!file) throw new Error('usage: tsx bench/profile-top.ts FILE.cpuprofile [count] [from seconds]');
const fromMicros = Number(fromText ?? 0) * 1e6;
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMicros = new Map<string, number>();
let total = 0;
let at = 0;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (at < fromMicros) return;
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const where = url ? `${relative(process.cwd(), url.replace(/^file:\/\//, ''))}:${lineNumber + 1}` : '';
  const key = `${functionName || '(anonymous)'} ${where}`.trim();
  const delta = profile.timeDeltas[i] ?? 0;
  selfMicros.set(key, (selfMicros.get(key) ?? 0) + delta);
  total += delta;
});
const busy = total - (selfMicros.get('(idle)') ?? 0);
process.stdout.write(
  `${(total / 1e6).toFixed(1)} s profiled${fromMicros ? ` from ${fromText} s on` : ''}, ${(busy / 1e6).toFixed(1)} s not idle\n\n`,
);
// Where the busy time goes, by layer.
const LAYERS: [string, RegExp][] = [
  ['PGlite (WebAssembly)', /^wasm-function|wasm:\//],
  ['PGlite (JavaScript)', /@electric-sql\/pglite/],
  ['node-postgres', /node_modules\/pg(-[a-z]+)?\//],
  ['React rendering (react-dom/server)', /node_modules\/react(-dom)?\//],
  ['React Router, TanStack Query', /node_modules\/(react-router|@tanstack)/],
  ["the web app's server bundle (dist/ssr)", /dist\/ssr\//],
  ['compression (zlib)', /node:zlib|zlib\.js|@fastify\/compress|minipass|pumpify/],
  ['request logging (pino)', /node_modules\/(pino|sonic-boom|fast-redact|thread-stream)/],
  ['inject (light-my-request)', /light-my-request/],
  ['Drizzle', /drizzle-orm/],
  ['zod', /node_modules\/zod/],
  ['Fastify and its plugins', /node_modules\/(@fastify|fastify|find-my-way|avvio)/],
  ['the app (src/)', /\bsrc\//],
  ['garbage collector', /^\(garbage collector\)/],
  ['module loading (tsx, start-up)', /tsx\/dist|node:internal\/modules/],
];
const layers = new Map<string, number>();
for (const [key, micros] of selfMicros) {
  if (key === '(idle)') continue;
  const layer = LAYERS.find(([, pattern]) => pattern.test(key))?.[0] ?? 'Node (I/O, HTTP, other)';
  layers.set(layer, (layers.get(layer) ?? 0) + micros);
}
process.stdout.write('| Layer | Share of busy |\n|---|---|\n');
for (const [layer, micros] of [...layers].sort((a, b) => b[1] - a[1]))
  process.stdout.write(`| ${layer} | ${((micros / busy) * 100).toFixed(1)}% |\n`);
// PGlite runs inside the server: its share of the busy time after start-up is "the engine's share" (issue 26), and
// the rest is what the same CPU figures cost outside the engine.
const startUp = layers.get('module loading (tsx, start-up)') ?? 0;
const engine = (layers.get('PGlite (WebAssembly)') ?? 0) + (layers.get('PGlite (JavaScript)') ?? 0);
if (engine > 0)
  process.stdout.write(
    `\nPGlite engine: ${((engine / (busy - startUp)) * 100).toFixed(1)}% of the busy time after start-up (${((startUp / busy) * 100).toFixed(1)}% of busy was start-up)\n`,
  );
process.stdout.write('\n| Self time | Share of busy | Frame |\n|---|---|---|\n');
const top = [...selfMicros.entries()]
  .filter(([key]) => key !== '(idle)')
  .sort((a, b) => b[1] - a[1])
  .slice(0, Number(countText ?? 15));
for (const [key, micros] of top)
  process.stdout.write(
    `| ${(micros / 1e3).toFixed(0)} ms | ${((micros / busy) * 100).toFixed(1)}% | \`${key.replace(/\|/g, '\\|')}\` |\n`,
  );

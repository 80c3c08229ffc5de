import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The fences between the server modules (docs/architecture.md, "Layout"). biome.json says the same for the editor;
// this test also reads dynamic imports and vi.mock paths, and it alone sees cycles.

const serverDir = fileURLToPath(new URL('.', import.meta.url));
const repoDir = path.resolve(serverDir, '../..');
const modulesDir = path.join(serverDir, 'modules');
const webFeaturesDir = path.join(repoDir, 'src/web/features');

/** Module-level cycles that are known and accepted, each with its reason (none today). */
const KNOWN_CYCLES: string[][] = [];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });

const isTestFile = (file: string) =>
  /\.test\.tsx?$/.test(file) ||
  path.basename(file) === 'test-helpers.ts' ||
  !path.relative(path.join(serverDir, 'test'), file).startsWith('..');

/** The import specifiers of a file: static, dynamic and `export ... from`, and the paths vi.mock replaces. */
function specifiersOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const imported = ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
  const mocked = [...text.matchAll(/vi\.mock\(\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);
  return [...imported, ...mocked];
}

/** The absolute path a specifier names (without its extension), or undefined for a package. */
function target(file: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(file), specifier);
  if (specifier.startsWith('@server/')) return path.join(serverDir, specifier.slice('@server/'.length));
  if (specifier.startsWith('@web/')) return path.join(repoDir, 'src/web', specifier.slice('@web/'.length));
  return undefined;
}

const inside = (dir: string, file: string) => !path.relative(dir, file).startsWith('..');

/** The module a path lies in, and the rest of the path inside it ('' for the module's folder itself). */
function moduleOf(file: string): { name: string; rest: string } | undefined {
  if (!inside(modulesDir, file) || file === modulesDir) return undefined;
  const [name, ...rest] = path.relative(modulesDir, file).split(path.sep);
  return { name: name!, rest: rest.join('/').replace(/\.tsx?$/, '') };
}

interface Edge {
  file: string;
  specifier: string;
  from?: string;
  to: { name: string; rest: string };
}

function crossModuleEdges(files: string[]): Edge[] {
  return files.flatMap((file) =>
    specifiersOf(file).flatMap((specifier) => {
      const to = moduleOf(target(file, specifier) ?? '');
      const from = moduleOf(file)?.name;
      return to && to.name !== from ? [{ file, specifier, from, to }] : [];
    }),
  );
}

/** Every cycle of a directed graph, each once, starting from its smallest node. */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const found = new Map<string, string[]>();
  const walk = (start: string, node: string, trail: string[]) => {
    for (const next of graph.get(node) ?? []) {
      // Only nodes after the start are walked, so each cycle is found once, from its smallest node.
      if (next === start) found.set(trail.join(' -> '), trail);
      else if (!trail.includes(next) && next > start) walk(start, next, [...trail, next]);
    }
  };
  for (const node of graph.keys()) walk(node, node, [node]);
  return [...found.values()];
}

const serverFiles = sourceFiles(serverDir);
const benchFiles = sourceFiles(path.join(repoDir, 'bench'));
const edges = crossModuleEdges([...serverFiles, ...benchFiles]);
const show = (e: Edge) => `${path.relative(repoDir, e.file)} imports '${e.specifier}'`;

describe('server module fences', () => {
  it('reads the imports it fences', () => {
    // A parse that found nothing would pass every fence below.
    expect(edges.some((e) => e.from === 'leads' && e.to.name === 'mail')).toBe(true);
    expect(edges.some((e) => e.file.endsWith(path.join('src/server/app.ts')) && e.to.name === 'users')).toBe(
      true,
    );
  });

  it('gives every module its public face in an index.ts', () => {
    const modules = readdirSync(modulesDir).filter((name) =>
      statSync(path.join(modulesDir, name)).isDirectory(),
    );
    expect(modules.length).toBeGreaterThan(10);
    expect(modules.filter((name) => !existsSync(path.join(modulesDir, name, 'index.ts')))).toEqual([]);
  });

  it('lets other modules, the app, jobs, seed, cli and bench import a module only through its index', () => {
    const deep = edges.filter(
      (e) =>
        e.to.rest !== '' && e.to.rest !== 'index' && !(e.to.rest === 'test-helpers' && isTestFile(e.file)),
    );
    expect(deep.map(show)).toEqual([]);
  });

  it('keeps the server out of the web features', () => {
    const intoFeatures = serverFiles.flatMap((file) =>
      specifiersOf(file)
        .filter((specifier) => inside(webFeaturesDir, target(file, specifier) ?? serverDir))
        .map((specifier) => `${path.relative(repoDir, file)} imports '${specifier}'`),
    );
    expect(intoFeatures).toEqual([]);
  });

  it('has no import cycle between modules outside the tests', () => {
    const graph = new Map<string, Set<string>>();
    for (const e of edges) {
      if (!e.from || isTestFile(e.file)) continue;
      graph.set(e.from, (graph.get(e.from) ?? new Set()).add(e.to.name));
    }
    expect(cyclesOf(graph)).toEqual(KNOWN_CYCLES);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set<string>()],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c']]);
  });
});

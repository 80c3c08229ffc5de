import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { createFuzzClient, type FuzzClient } from './client';
import { type FuzzRoute, fuzzFamilies, type Table } from './index';

// Generated hostile requests, about 200 per route family (FUZZ_CASES to change it): none may answer 5xx,
// a refused one may store nothing, and no answer may carry markup it was sent back unescaped.
const CASES = Number(process.env.FUZZ_CASES ?? 200);
const unlimited = { max: 1_000_000_000, windowMs: 60_000 };

let app: TestApp;
let client: FuzzClient;

beforeAll(async () => {
  app = await createTestApp({
    maxPendingRequests: 1_000_000,
    rateLimits: {
      formsPerIp: unlimited,
      loginPerIp: unlimited,
      loginPerEmailAndIp: unlimited,
      passwordResetPerIp: unlimited,
      passwordResetPerEmail: unlimited,
      alertsSubscribePerIp: unlimited,
      alertsPagePerIp: unlimited,
      alertsPerContact: unlimited,
      orderSignPerIp: unlimited,
    },
  });
  client = await createFuzzClient(app);
});

/** Every row of the tables, as one comparable value (a refused PATCH must not change a row either). */
async function snapshot(tables: Table[]): Promise<string[]> {
  const out: string[] = [];
  for (const table of tables) {
    const result = await app.db.execute(
      sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h
               from ${table} t`),
    );
    const row = (result as unknown as { rows: { n: number; h: string }[] }).rows[0]!;
    out.push(`${table}:${row.n}:${row.h}`);
  }
  return out;
}

const uploadedFiles = () =>
  readdirSync(join(app.dataDir, 'uploads'), { recursive: true, withFileTypes: true }).filter((e) =>
    e.isFile(),
  ).length;

/** The texts sent that a page could run as markup if they came back in an answer as they were. */
function markupSent(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (/[<>]/.test(value) && value.length >= 3) out.push(value);
  } else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      markupSent(key, out);
      markupSent(item, out);
    }
  return out;
}

async function check(route: FuzzRoute, generated: unknown) {
  const multipart = route.send === 'multipart';
  // Work an earlier request started after its answer (a reset mail) lands before the picture is taken.
  await app.afterAnswer.settled();
  const before = await snapshot(route.tables);
  const files = multipart ? uploadedFiles() : 0;
  const res = await client.send(route, generated);
  const sent = route.send === 'query' ? String(generated) : JSON.stringify(client.fill(generated));
  const where = `${route.name} ${res.statusCode} for ${sent.slice(0, 300)}: ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  const answered = route.answers && res.statusCode < 400 ? route.answers : 'application/json';
  expect(res.headers['content-type'], where).toMatch(new RegExp(`^${answered}`));
  expect(res.headers['x-content-type-options'], where).toBe('nosniff');
  // A refused request leaves no trace: nothing stored, no file kept, none of its markup echoed back.
  const refused = res.statusCode >= 400;
  await app.afterAnswer.settled();
  const after = await snapshot(route.tables);
  expect(refused && !isDeepStrictEqual(after, before), `stored by a refused request: ${where}`).toBe(false);
  expect(refused && multipart && uploadedFiles() !== files, `file kept by a refused upload: ${where}`).toBe(
    false,
  );
  const raw = route.send === 'query' ? [] : markupSent(client.fill(generated));
  const echoed = raw.filter((text) => res.body.includes(text));
  expect(refused && echoed.length > 0, `echoed ${JSON.stringify(echoed)}: ${where}`).toBe(false);
}

const families = [...new Set(fuzzFamilies.map((route) => route.family))];

/** Routes that take input but are not fuzzed here, each with the reason. */
const NOT_FUZZED: Record<string, string> = {
  'POST /api/v1/orders/verify':
    'takes a multipart PDF upload, not JSON; its refusals (no file, not a PDF, over the limit) are in order-pdf-api.test.ts',
  'GET /api/v1/pipeline/export':
    "answers CSV, not JSON; its filters are GET /pipeline/leads's (fuzzed), its range rule is tested in pipeline.test.ts",
  'GET /api/v1/network/dashboard.csv':
    "answers CSV, not JSON; its query is GET /network/dashboard's (fuzzed), its answer is tested in network.test.ts",
  'GET /api/v1/agents/:id/month-statement.csv':
    "answers CSV, not JSON; its query is GET /agents/:id/month-statement's (fuzzed), its answer is tested in money/month-statements.test.ts",
  'GET /api/v1/agents/:id/month-statement.pdf':
    "answers a PDF, not JSON; its query is GET /agents/:id/month-statement's (fuzzed), its answer is tested in money/month-statements.test.ts",
  'GET /api/v1/branches/:id/month-statement.csv':
    "answers CSV, not JSON; its query is GET /branches/:id/month-statement's (fuzzed), tested in money/month-statements.test.ts",
  'GET /api/v1/branches/:id/month-statement.pdf':
    "answers a PDF, not JSON; its query is GET /branches/:id/month-statement's (fuzzed), tested in money/month-statements.test.ts",
  'GET /api/v1/royalties.csv':
    "answers CSV, not JSON; its query is GET /royalties's (fuzzed), its answer is tested in money/royalty-payments.test.ts",
  'GET /api/v1/deals.csv':
    "answers CSV, not JSON; its query is GET /deals's (fuzzed), its answer is tested in money/deals.test.ts",
};

describe(`fuzz: ${CASES} generated requests per route family`, () => {
  it('covers every API route that takes input (body, query or path), or says why not', () => {
    const doc = app.swagger() as {
      paths: Record<string, Record<string, { parameters?: unknown[]; requestBody?: unknown }>>;
    };
    const takingInput = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/v1/'))
      .flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([, op]) => (op.parameters?.length ?? 0) > 0 || op.requestBody !== undefined)
          .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      );
    const fuzzed = new Set(fuzzFamilies.map((route) => `${route.method} ${route.url}`));
    const shape = (route: string) => route.replace(/:\w+/g, ':_');
    const covered = new Set([...fuzzed, ...Object.keys(NOT_FUZZED)].map(shape));
    expect(takingInput.filter((route) => !covered.has(shape(route)))).toEqual([]);
  });

  for (const name of families)
    it(`${name}: no 5xx, nothing stored when refused, no markup echoed`, { timeout: 120_000 }, async () => {
      const routes = fuzzFamilies.filter((route) => route.family === name);
      // A case names its route (a counterexample then prints as method, path and body).
      const cases = fc
        .constantFrom(...routes)
        .chain((route) => route.body.map((body) => ({ route: route.name, body })));
      const routeOf = (name: string) => routes.find((route) => route.name === name)!;
      await fc.assert(
        fc.asyncProperty(cases, ({ route, body }) => check(routeOf(route), body)),
        { numRuns: CASES, endOnFailure: true },
      );
    });
});

// Thousands of generated hostile requests against every route family that takes input, in-process on a fresh
// embedded database: the generators of the fuzz tests (src/server/test/fuzz), many more cases per route.
// Counts 5xx answers, and protected routes that answered 2xx to a visitor.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import { createFuzzClient } from '../../src/server/test/fuzz/client';
import { fuzzFamilies } from '../../src/server/test/fuzz/index';

export type FuzzResult = {
  families: number;
  routes: number;
  cases: number;
  server5xx: number;
  unauthorizedSuccesses: number;
  samples: string[];
  seconds: number;
};

export async function fuzz(casesPerRoute: number): Promise<FuzzResult> {
  const started = Date.now();
  const database = await openDatabase({ memory: true });
  await database.migrate();
  const dataDir = mkdtempSync(join(tmpdir(), 'faults-fuzz-'));
  const unlimited = { max: 1_000_000_000, windowMs: 60_000 };
  const app = await buildApp({
    database,
    webRoot: null,
    logger: false,
    maxPendingRequests: 0,
    env: { NODE_ENV: 'test', DATA_DIR: dataDir },
    rateLimits: {
      formsPerIp: unlimited,
      loginPerIp: unlimited,
      loginPerEmailAndIp: unlimited,
      passwordResetPerIp: unlimited,
      passwordResetPerEmail: unlimited,
    },
  });
  const result: FuzzResult = {
    families: new Set(fuzzFamilies.map((route) => route.family)).size,
    routes: fuzzFamilies.length,
    cases: 0,
    server5xx: 0,
    unauthorizedSuccesses: 0,
    samples: [],
    seconds: 0,
  };
  const failed = (what: string, status: number, value: unknown) => {
    if (result.samples.length < 10)
      result.samples.push(`${what}: ${status} for ${JSON.stringify(value).slice(0, 200)}`);
  };
  try {
    const client = await createFuzzClient(app);
    for (const route of fuzzFamilies) {
      for (const value of fc.sample(route.body, casesPerRoute)) {
        const res = await client.send(route, value);
        result.cases += 1;
        if (res.statusCode >= 500) {
          result.server5xx += 1;
          failed(route.name, res.statusCode, value);
        }
        if (route.as === 'visitor' || route.refusesVisitor?.(value) === false) continue;
        const visitor = await client.send(route, value, 'visitor');
        result.cases += 1;
        if (visitor.statusCode < 300) {
          result.unauthorizedSuccesses += 1;
          failed(`${route.name} as a visitor`, visitor.statusCode, value);
        }
        if (visitor.statusCode >= 500) {
          result.server5xx += 1;
          failed(`${route.name} as a visitor`, visitor.statusCode, value);
        }
      }
    }
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  result.seconds = (Date.now() - started) / 1000;
  return result;
}

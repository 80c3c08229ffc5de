// Thousands of generated hostile requests against every route family that takes input, in-process on a fresh
// embedded database. Counts 5xx answers and protected routes that answered 2xx to a visitor.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import { createUser, TEST_PASSWORD } from '../../src/server/test/factories';

type Role = 'visitor' | 'agent' | 'admin';
type Family = {
  name: string;
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  as: Role;
  body: fc.Arbitrary<unknown>;
};
export type FuzzResult = {
  generators: string;
  families: number;
  cases: number;
  server5xx: number;
  unauthorizedSuccesses: number;
  samples: string[];
  seconds: number;
};

/** Strings that broke or could break parsers, databases and pages. */
const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    'a\u0000b',
    '\uD800',
    'x\uDFFFy',
    '\u202Eevil\u202C',
    '\u200B\u200F',
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    "'; drop table leads; --",
    '0x10',
    '1e309',
    '-0',
    'NaN',
    '2026-02-30',
    '0000-01',
    '9999-99-99',
    '/\\host/x.png',
    '../../etc/passwd',
    'א'.repeat(5000),
  ),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, false, [], {}, 1e308, -1, 0.5, Number.MAX_SAFE_INTEGER + 2),
  fc.array(hostileString, { maxLength: 3 }),
);
const record = (keys: string[]) =>
  fc.record(Object.fromEntries(keys.map((k) => [k, hostileValue])), { requiredKeys: [] });
const query = (keys: string[]) =>
  record(keys).map((q) => new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString());

const own: Family[] = [
  {
    name: 'lead form',
    method: 'POST',
    url: '/api/v1/email/send-mail',
    as: 'visitor',
    body: record(['name', 'phone', 'category', 'website']),
  },
  {
    name: 'job form',
    method: 'POST',
    url: '/api/v1/email/send-job-mail',
    as: 'visitor',
    body: record(['fullName', 'phone', 'email']),
  },
  {
    name: 'sign-in',
    method: 'POST',
    url: '/api/v1/users/login',
    as: 'visitor',
    body: record(['email', 'password']),
  },
  {
    name: 'forgot password',
    method: 'POST',
    url: '/api/v1/users/forgot-password',
    as: 'visitor',
    body: record(['email']),
  },
  {
    name: 'search',
    method: 'GET',
    url: '/api/v1/property/search',
    as: 'visitor',
    body: query([
      'type',
      'city',
      'street',
      'category',
      'minRooms',
      'maxRooms',
      'minPrice',
      'maxPrice',
      'sort',
      'page',
      'pageSize',
    ]),
  },
  {
    name: 'indicator',
    method: 'POST',
    url: '/api/v1/indicators',
    as: 'agent',
    body: record([
      'meetings',
      'exclusives',
      'priceUpdates',
      'buyerTours',
      'priceOffers',
      'deals',
      'agent',
      'createdAt',
    ]),
  },
  {
    name: 'report contact',
    method: 'POST',
    url: '/api/v1/reportContact',
    as: 'agent',
    body: record([
      'clientName',
      'exclusiveProperty',
      'propertyId',
      'visits',
      'views',
      'inquiries',
      'statusDate',
    ]),
  },
  {
    name: 'property',
    method: 'POST',
    url: '/api/v1/property',
    as: 'admin',
    body: record([
      'typeTransaction',
      'city',
      'address',
      'price',
      'category',
      'rooms',
      'floor',
      'size',
      'entryDate',
      'features',
      'description',
      'agent',
      'images',
    ]),
  },
  {
    name: 'settings',
    method: 'PATCH',
    url: '/api/v1/settings',
    as: 'admin',
    body: record(['name', 'phone', 'email', 'address', 'facebookUrl', 'storyText', 'founders']),
  },
  {
    name: 'user',
    method: 'POST',
    url: '/api/v1/users',
    as: 'admin',
    body: record(['name', 'email', 'phone_number', 'role', 'password', 'companyRole']),
  },
];

/** harden-input's shared generators when they are on this branch (src/server/test/fuzz), else the ones above. */
async function families(): Promise<{ list: Family[]; source: string }> {
  const shared = join(import.meta.dirname, '../../src/server/test/fuzz/index.ts');
  if (existsSync(shared)) {
    try {
      const mod = (await import(shared)) as { fuzzFamilies?: Partial<Family>[] };
      const list = (mod.fuzzFamilies ?? []).filter(
        (f): f is Family => typeof f.url === 'string' && !!f.method && !!f.body && !!f.as,
      );
      if (list.length > 0) return { list, source: 'src/server/test/fuzz (shared generators)' };
    } catch (err) {
      console.warn('shared fuzz generators not usable, using the bench’s own:', err);
    }
  }
  return { list: own, source: 'bench/faults/fuzz.ts (own generators)' };
}

async function cookieOf(app: FastifyInstance, role: 'agent' | 'admin') {
  const user = await createUser(app.db, { role });
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  const sid = res.cookies.find((c) => c.name === 'sid');
  if (!sid) throw new Error(`sign-in failed: ${res.statusCode}`);
  return `sid=${sid.value}`;
}

export async function fuzz(casesPerFamily: number): Promise<FuzzResult> {
  const started = Date.now();
  const database = await openDatabase({ memory: true });
  await database.migrate();
  const unlimited = { max: 1_000_000_000, windowMs: 60_000 };
  const app = await buildApp({
    database,
    webRoot: null,
    logger: false,
    maxPendingRequests: 0,
    rateLimits: {
      formsPerIp: unlimited,
      loginPerIp: unlimited,
      loginPerEmailAndIp: unlimited,
      passwordResetPerIp: unlimited,
      passwordResetPerEmail: unlimited,
    },
  });
  const cookies: Record<Role, string | undefined> = {
    visitor: undefined,
    agent: await cookieOf(app, 'agent'),
    admin: await cookieOf(app, 'admin'),
  };
  const { list, source } = await families();
  const result: FuzzResult = {
    generators: source,
    families: list.length,
    cases: 0,
    server5xx: 0,
    unauthorizedSuccesses: 0,
    samples: [],
    seconds: 0,
  };
  try {
    for (const family of list) {
      for (const value of fc.sample(family.body, casesPerFamily)) {
        const isQuery = family.method === 'GET';
        const send = (cookie?: string) =>
          app.inject({
            method: family.method,
            url: isQuery ? `${family.url}?${String(value)}` : family.url,
            headers: cookie ? { cookie } : {},
            ...(isQuery
              ? {}
              : {
                  payload: JSON.stringify(value),
                  headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
                }),
          });
        const res = await send(cookies[family.as]);
        result.cases += 1;
        if (res.statusCode >= 500) {
          result.server5xx += 1;
          if (result.samples.length < 10)
            result.samples.push(
              `${family.name}: ${res.statusCode} for ${JSON.stringify(value).slice(0, 200)}`,
            );
        }
        if (family.as !== 'visitor') {
          const visitor = await send();
          result.cases += 1;
          if (visitor.statusCode < 300) result.unauthorizedSuccesses += 1;
          if (visitor.statusCode >= 500) result.server5xx += 1;
        }
      }
    }
  } finally {
    await app.close();
    await database.close();
  }
  result.seconds = (Date.now() - started) / 1000;
  return result;
}

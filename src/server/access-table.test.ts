import { randomUUID } from 'node:crypto';
import { israelDate } from '@shared/domain/israel-time';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { branches, reportShares } from './db/schema';
import type { Access } from './plugins/access';
import { SHARED_CACHE } from './plugins/etag';
import { createUser } from './test/factories';
import {
  type AgentFixture,
  createAgentFixture,
  genericRequest,
  SAMPLES,
  type SampleRequest,
} from './test/route-samples';
import { sessionCookieFor } from './test/sessions';
import { createTestApp, type TestApp } from './test/test-app';

// The route access table: every API route of Fastify's own route table is sent as a visitor, as an agent on
// its own data, as an agent on another agent's data and as an admin, and each answer is checked against the
// rule the route declares. A new route without a declared rule, or without a sample when its rule depends on
// whose data it names, fails here.

const plenty = { max: 100_000, windowMs: 60_000 };
let app: TestApp;
let adminId = '';
type Target = AgentFixture & { shareId: string };
let agentA: Target;
let agentB: Target;

async function withShare(fixture: AgentFixture): Promise<Target> {
  const [share] = await app.db
    .insert(reportShares)
    .values({
      tokenHash: randomUUID(),
      agentId: fixture.id,
      propertyAddress: fixture.address,
      periodFrom: israelDate(),
      periodTo: israelDate(),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: reportShares.id });
  return { ...fixture, shareId: share!.id };
}

beforeAll(async () => {
  app = await createTestApp({
    rateLimits: {
      loginPerIp: plenty,
      loginPerEmailAndIp: plenty,
      formsPerIp: plenty,
      passwordResetPerIp: plenty,
      passwordResetPerEmail: plenty,
      alertsSubscribePerIp: plenty,
      alertsPagePerIp: plenty,
      alertsPerContact: plenty,
    },
  });
  await app.ready();
  adminId = (await createUser(app.db, { role: 'admin' })).id;
  agentA = await withShare(await createAgentFixture(app.db));
  // The other agent works in a second branch: the table runs across two branches (the admin's is the network).
  const [second] = await app.db
    .insert(branches)
    .values({ name: 'סניף שני', slug: 'second-branch' })
    .returning({ id: branches.id });
  agentB = await withShare(await createAgentFixture(app.db, second!.id));
});

const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

async function send(
  method: string,
  request: SampleRequest,
  userId?: string,
): Promise<LightMyRequestResponse> {
  const cookie = userId ? await sessionCookieFor(app.db, userId) : undefined;
  return app.inject({
    method: method as 'GET',
    url: request.url,
    query: request.query,
    ...(request.payload === undefined ? {} : { payload: request.payload as object }),
    headers: cookie ? { cookie } : {},
  });
}

type Kind = '401' | '403' | '404' | '5xx' | '2xx' | 'other';
const kindOf = ({ statusCode: s }: LightMyRequestResponse): Kind =>
  s === 401 || s === 403 || s === 404 ? (String(s) as Kind) : s >= 500 ? '5xx' : s < 300 ? '2xx' : 'other';
const describeAnswer = (r: LightMyRequestResponse) => `${r.statusCode} ${r.body.slice(0, 200)}`;

/**
 * What is wrong with an answer's cache headers for a shared cache (docs/decisions/0022), or undefined: a
 * signed-in caller's answer, any answer of a route that is not public, and any answer that sets a cookie must
 * be private or no-store; only a visitor's 200 from a public route may be public, and then with a strong ETag.
 */
function sharedCacheProblem(access: Access, signedIn: boolean, answer: LightMyRequestResponse) {
  const cacheControl = String(answer.headers['cache-control'] ?? '');
  const privateOnly = /\bprivate\b|no-store/.test(cacheControl);
  const shareable = /\bpublic\b|s-maxage/.test(cacheControl) || !privateOnly;
  if (answer.headers['set-cookie'] && !/no-store/.test(cacheControl)) return `sets a cookie: ${cacheControl}`;
  if ((signedIn || access !== 'public') && shareable) return `personal but "${cacheControl}"`;
  if (cacheControl === SHARED_CACHE) {
    if (answer.statusCode !== 200) return `${answer.statusCode} marked for shared caches`;
    if (!/^"[^"]+"$/.test(String(answer.headers.etag)))
      return `shared without a strong ETag: ${answer.headers.etag}`;
  }
  return undefined;
}

describe('route access table', () => {
  it('every API route declares its access rule', () => {
    const undeclared = app.accessTable.filter((r) => r.access === undefined).map(key);
    expect(undeclared).toEqual([]);
    expect(app.accessTable.length).toBeGreaterThan(50);
  });

  it('every route whose access depends on the agent it names has a sample request', () => {
    const missing = app.accessTable.filter((r) => r.access === 'selfOrAdmin' && !SAMPLES[key(r)]).map(key);
    expect(missing).toEqual([]);
  });

  it('each route answers visitors, agents on themselves, agents on others and admins as declared', async () => {
    // What each caller may get, per access rule: the answer's kind must be one of these.
    const allowed: Kind[] = ['2xx', '404', 'other'];
    const expected: Record<Access, Record<'visitor' | 'onOther' | 'onSelf' | 'admin', Kind[]>> = {
      public: { visitor: allowed, onOther: allowed, onSelf: allowed, admin: allowed },
      signedIn: { visitor: ['401'], onOther: allowed, onSelf: allowed, admin: allowed },
      // The other agent works in another branch: a row of hers named by id is not found (decision 0033).
      selfOrAdmin: { visitor: ['401'], onOther: ['403', '404'], onSelf: ['2xx'], admin: allowed },
      admin: { visitor: ['401'], onOther: ['403'], onSelf: ['403'], admin: allowed },
      network: { visitor: ['401'], onOther: ['403'], onSelf: ['403'], admin: allowed },
    };
    const failures: string[] = [];
    const cacheFailures: string[] = [];
    for (const route of app.accessTable) {
      const rule = expected[route.access as Access];
      const sample = SAMPLES[key(route)];
      const request = (target: Target) => (sample ? sample(target) : genericRequest(route.url));
      const answers = {
        visitor: await send(route.method, request(agentA)),
        onOther: await send(route.method, request(agentB), agentA.id),
        onSelf: await send(route.method, request(agentA), agentA.id),
        admin: await send(route.method, request(agentA), adminId),
      };
      for (const [caller, answer] of Object.entries(answers) as [
        keyof typeof answers,
        LightMyRequestResponse,
      ][]) {
        failures.push(
          ...(rule[caller].includes(kindOf(answer))
            ? []
            : [`${key(route)} [${route.access}] ${caller}: ${describeAnswer(answer)}`]),
        );
        const cacheProblem = sharedCacheProblem(route.access as Access, caller !== 'visitor', answer);
        if (cacheProblem) cacheFailures.push(`${key(route)} [${route.access}] ${caller}: ${cacheProblem}`);
      }
    }
    expect(failures).toEqual([]);
    expect(cacheFailures).toEqual([]);
    // Four requests for each of some seventy routes, one of them an online backup: slow on a loaded machine.
  }, 180_000);

  it('protected routes answer 401 to a visitor before any body, query or param is validated', async () => {
    const protectedRoutes = app.accessTable.filter((r) => r.access !== 'public');
    expect(protectedRoutes.length).toBeGreaterThan(30);
    const answers: string[] = [];
    for (const route of protectedRoutes) {
      const url = route.url.replace(/:(\w+)/g, 'not-an-id');
      const withBody = route.method !== 'GET' && route.method !== 'DELETE';
      const r = await app.inject({
        method: route.method as 'GET',
        url: `${url}?year=abc&agent=%00&page=-1`,
        ...(withBody ? { payload: '{"broken json', headers: { 'content-type': 'application/json' } } : {}),
      });
      if (r.statusCode !== 401 || r.json().code !== 'UNAUTHORIZED')
        answers.push(`${key(route)}: ${describeAnswer(r)}`);
    }
    expect(answers).toEqual([]);
  });
});

// 200 concurrent users against one server on 127.0.0.1: a mix of searches, property pages, agents, the
// scoreboard (signed in) and lead submissions. Counts slow answers, 503s and other 5xx.
import { createRequire } from 'node:module';

type Result = { requests: { total: number; average: number }; errors: number; timeouts: number };
type Instance = PromiseLike<Result> & {
  on(event: 'response', fn: (client: unknown, status: number, bytes: number, ms: number) => void): void;
};
type Request = { method?: string; path: string; headers?: Record<string, string>; body?: string };
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  requests: { setupRequest: (req: Request) => Request }[];
}) => Instance;
// autocannon ships no types; this is the part used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export type LoadResult = {
  label: string;
  connections: number;
  seconds: number;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  over1s: number;
  over5s: number;
  over30s: number;
  refused503: number;
  /** The slowest 503: how long a refused user waited for the answer. */
  refusedMax: number;
  other5xx: number;
  errors: number;
};

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: 'admin@example.com', password: 'demo1234' }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`demo admin sign-in failed: ${res.status}`);
  return cookie;
}

/** The request mix one simulated user cycles through. */
async function requestMix(url: string): Promise<Request[]> {
  const cookie = await signIn(url);
  const page = (await (await fetch(`${url}/api/v1/property/search?type=sale&pageSize=20`)).json()) as {
    data: { items?: { _id: string }[]; data?: { _id: string }[] };
  };
  const ids = (page.data.items ?? page.data.data ?? []).map((p) => p._id);
  const mix: Request[] = [
    { path: '/api/v1/property/search?type=sale' },
    { path: '/api/v1/property/search?type=rent&sort=priceAsc' },
    { path: '/api/v1/property/locations/cities' },
    { path: '/api/v1/settings' },
    { path: '/api/v1/users' },
    { path: '/api/v1/indicators/scoreboard', headers: { cookie } },
    {
      method: 'POST',
      path: '/api/v1/email/send-mail',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'עומס', phone: '0541234567', category: 'קונה' }),
    },
  ];
  for (const id of ids.slice(0, 5)) mix.push({ path: `/api/v1/property/${id}` });
  return mix;
}

export async function runLoad(
  label: string,
  url: string,
  connections = 200,
  seconds = 20,
): Promise<LoadResult> {
  const mix = await requestMix(url);
  const latencies: number[] = [];
  let refused503 = 0;
  let refusedMax = 0;
  let other5xx = 0;
  let i = 0;
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 120,
    requests: [{ setupRequest: (req) => ({ ...req, ...mix[i++ % mix.length]! }) }],
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    latencies.push(ms);
    if (status === 503) {
      refused503 += 1;
      refusedMax = Math.max(refusedMax, ms);
    } else if (status >= 500) other5xx += 1;
  });
  const result = await instance;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    label,
    connections,
    seconds,
    requests: sorted.length,
    perSecond: result.requests.average,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
    over1s: sorted.filter((ms) => ms > 1_000).length,
    over5s: sorted.filter((ms) => ms > 5_000).length,
    over30s: sorted.filter((ms) => ms > 30_000).length,
    refused503,
    refusedMax,
    other5xx,
    errors: result.errors + result.timeouts,
  };
}

/// <reference lib="webworker" />
import { matchRouteName, paths, type RouteName } from '@shared/paths';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { RouteHandlerCallbackOptions } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { NetworkFirst } from 'workbox-strategies';
import { API_CACHE, OFFLINE_COPY_HEADER, PAGE_CACHE } from '../lib/app-worker-messages';

/** The signed-in pages an agent may open offline (their shell is kept; their data comes from API_CACHE). */
const OFFLINE_PAGES: readonly RouteName[] = [
  'agentProfile',
  'dailyIndicator',
  'personalIndicator',
  'scoreBoard',
  'inquiries',
  'myDay',
  'leads',
  'leadView',
];

export const isOfflinePage = (url: URL) => {
  const route = matchRouteName(url.pathname);
  return url.origin === location.origin && route !== undefined && OFFLINE_PAGES.includes(route);
};

/** Personal reads kept for offline use: the day, own leads and inquiries, figures, the team list, the ranking. */
const API_READ_PREFIXES = [
  '/api/v1/indicators/',
  '/api/v1/goals/',
  '/api/v1/users',
  '/api/v1/inquiries',
  '/api/v1/leads',
  '/api/v1/contacts',
  '/api/v1/activities',
  '/api/v1/my-day',
  '/api/v1/settings',
  // The pipeline's reads of the agent's own work: the day, the leads list and each lead's page.
  '/api/v1/pipeline/my-day',
  '/api/v1/pipeline/leads',
];
/** Reads the contract makes with POST (an agent's summaries and rows): kept under a key of their body. */
const POST_READS = /^\/api\/v1\/indicators\/(summary\/(weekly|monthly|all)|getIndicatorsByAgent)$/;

export function isApiRead(request: Request, url: URL): boolean {
  if (url.origin !== location.origin) return false;
  if (request.method === 'POST') return POST_READS.test(url.pathname);
  return request.method === 'GET' && API_READ_PREFIXES.some((prefix) => url.pathname.startsWith(prefix));
}

/** A cached answer served offline says when it was fetched (its Date header), so the page can say so. */
function markOfflineCopy(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set(OFFLINE_COPY_HEADER, new Date(response.headers.get('date') ?? Date.now()).toISOString());
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

const offlineCopyPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) =>
    cachedResponse ? markOfflineCopy(cachedResponse) : cachedResponse,
};

const apiStrategy = new NetworkFirst({
  cacheName: API_CACHE,
  // A basement connection that hangs: after 6 s the last copy is shown rather than a spinner.
  networkTimeoutSeconds: 6,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 14 * 24 * 3600 }),
    offlineCopyPlugin,
  ],
});

async function bodyKey(request: Request): Promise<string> {
  const body = await request.clone().arrayBuffer();
  const digest = await crypto.subtle.digest('SHA-256', body);
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${request.url}?body=${hex}`;
}

export async function apiReadHandler({ request, event }: RouteHandlerCallbackOptions): Promise<Response> {
  if (request.method !== 'POST') return apiStrategy.handle({ request, event });
  const key = await bodyKey(request);
  const cache = await caches.open(API_CACHE);
  try {
    const response = await fetch(request.clone());
    if (response.status === 200) await cache.put(key, response.clone());
    return response;
  } catch (err) {
    const cached = await cache.match(key);
    if (cached) return markOfflineCopy(cached);
    throw err;
  }
}

const pageStrategy = new NetworkFirst({
  cacheName: PAGE_CACHE,
  networkTimeoutSeconds: 4,
  plugins: [new CacheableResponsePlugin({ statuses: [200] })],
});

/** A signed-in page: from the network, else its kept copy, else any kept page (they are all the same shell). */
export async function pageHandler(options: RouteHandlerCallbackOptions): Promise<Response> {
  try {
    return await pageStrategy.handle(options);
  } catch (err) {
    const cache = await caches.open(PAGE_CACHE);
    const [any] = await cache.keys();
    const shell = any && (await cache.match(any));
    if (shell) return shell;
    throw err;
  }
}

/** Keeps the shells of the offline pages, so the app opens offline on any of them after one signed-in visit. */
export async function warmPages() {
  const cache = await caches.open(PAGE_CACHE);
  const urls = [
    paths.myDay(),
    paths.leads(),
    paths.agentProfile(),
    paths.dailyIndicator(),
    paths.personalIndicator(),
    paths.scoreBoard(),
    paths.inquiries(),
  ];
  await Promise.all(
    urls.map(async (url) => {
      const response = await fetch(url, { credentials: 'same-origin' }).catch(() => undefined);
      if (response?.status === 200) await cache.put(url, response);
    }),
  );
}

/** Public pages and files the worker never handles: listed with the browser (Static Routing API) where it can. */
const PUBLIC_PATHS = [
  '/',
  '/Sale',
  '/Rent',
  '/PropertyView/*',
  '/AboutLink',
  '/AboutAgent/*',
  '/branches/*',
  '/InvestorPlans',
  '/JobNeedForm',
  '/Valuation',
  '/BuySellRent',
  '/accessibility',
  '/Login',
  '/ForgotPassword',
  '/ResetPassword/*',
  '/SellerReport/*',
  '/uploads/*',
  '/media/*',
  '/sitemap.xml',
  '/robots.txt',
  '/api/v1/property*',
  '/api/v1/branch-pages*',
];

type RouterEvent = ExtendableEvent & {
  addRoutes?: (
    rules: { condition: { urlPattern: { pathname: string } }; source: 'network' }[],
  ) => Promise<void>;
};

export function addPublicRoutes(event: ExtendableEvent) {
  const router = event as RouterEvent;
  if (typeof router.addRoutes !== 'function') return;
  const rules = PUBLIC_PATHS.map((pathname) => ({
    condition: { urlPattern: { pathname } },
    source: 'network' as const,
  }));
  event.waitUntil(router.addRoutes(rules).catch(() => undefined));
}

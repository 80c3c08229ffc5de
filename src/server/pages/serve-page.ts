import { canonicalPath, matchRouteName, type RouteName } from '@shared/paths';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import { timeStage } from '../lib/request-context';
import { SHARED_CACHE } from '../plugins/etag';
import { collectReads } from '../plugins/read-cache';
import { fontPreloadTags } from './font-preload';
import { pageHead, robotsMeta } from './head';
import { type BuiltPage, newHtmlCache, pageScopes } from './html-cache';
import { APP_HEAD_TAGS } from './manifest';
import { type PageReads, pageReads } from './page-api';
import { pageStatus } from './page-status';
import { SERVER_RENDERED_ROUTES } from './public-pages';
import type { PageRenderer } from './renderer';
import { sendHtml } from './send-html';
import { assemblePage } from './template';
import { tooManyRequestsPage } from './too-many-page';

/** Where the not-found page is rendered from: a path no route but the catch-all matches. */
const NOT_FOUND_PATH = '/__not-found__';

/** A page rendered with data to start from and its own status (the answer to a form posted without JavaScript). */
export type PageExtras = { seed?: { queryKey: readonly unknown[]; data: unknown }[]; status?: number };

/**
 * Pages whose every request is counted against a per-address limit before anything is read or kept (the
 * seller's report link): past it, 429 with a Hebrew page. The check throws the API's 429 error.
 */
export type PageLimits = Partial<Record<RouteName, (request: FastifyRequest) => Promise<void>>>;

/** What a limited page asks the browser to wait before trying again, in seconds. */
const RETRY_AFTER_SECONDS = 60;

export type PageServer = (
  request: FastifyRequest,
  reply: FastifyReply,
  extras?: PageExtras,
) => Promise<FastifyReply>;

/**
 * Answers a page request: a public page rendered with its content and metadata (hydrated by the browser),
 * a signed-in or private page as the client-rendered shell with noindex, and anything unknown 404 with the
 * not-found page. Without a renderer (development, tests of other parts) every page is the shell.
 *
 * Pages are kept whole by URL (html-cache.ts) until something they read changes; a page answering a form
 * posted without JavaScript is built for that request only.
 */
export function createPageServer(
  app: FastifyInstance,
  template: string,
  loadRenderer: (() => Promise<PageRenderer>) | undefined,
  webRoot?: string,
  keepPages = true,
  limits: PageLimits = {},
): PageServer {
  const ctx = { app, webRoot };
  const fonts = fontPreloadTags(webRoot);
  let renderer: Promise<PageRenderer> | undefined;
  const render = async (url: string, reads: PageReads, seed?: PageExtras['seed']) => {
    if (!loadRenderer) return undefined;
    renderer ??= loadRenderer();
    return (await renderer).renderPage(url, reads.api, seed);
  };
  const pages = newHtmlCache();

  const build = async (request: FastifyRequest, extras: PageExtras): Promise<BuiltPage> => {
    const url = request.url;
    const pathname = url.split('?')[0] ?? '/';
    // The head and the body read through one set of reads: nothing is read twice for one page.
    const reads = pageReads(app);
    const status = await pageStatus(app, pathname, reads);
    const route = status === 200 ? matchRouteName(pathname) : undefined;
    const page = (status: number, html: string, more: { cacheControl?: string; degraded?: boolean } = {}) =>
      ({ kind: 'html', status, html, compressed: {}, ...more }) as const;

    if (!route) {
      const rendered = await render(NOT_FOUND_PATH, reads).catch((err) => logFailure(request, err));
      const head = await pageHead({ ...ctx, reads }, { route: 'notFound', pathname, url });
      const html = assemblePage(template, { head, body: rendered?.html });
      // A deleted listing is gone (410); the page says so in the same words as a missing one.
      return page(status === 410 ? 410 : 404, html, { degraded: loadRenderer !== undefined && !rendered });
    }
    const canonical = canonicalPath(pathname);
    if (canonical && canonical !== pathname && request.method !== 'POST') {
      // One address per page: '/sale' and '/Sale/' are the same page, spelled as its route spells it.
      return { kind: 'redirect', location: `${canonical}${url.slice(pathname.length)}` };
    }
    if (!SERVER_RENDERED_ROUTES.includes(route)) {
      // The signed-in area is the installable app: its pages carry the manifest (public pages do not).
      // The profile is where a visitor lands from the sign-in link: it has a title of its own.
      const own =
        route === 'agentProfile'
          ? await pageHead({ ...ctx, reads }, { route, pathname, url })
          : robotsMeta('noindex');
      const head = `${own}\n    ${APP_HEAD_TAGS}`;
      return page(200, assemblePage(template, { head }));
    }
    const [rendered, head] = await Promise.all([
      timeStage('render', () => render(url, reads, extras.seed)).catch((err) => logFailure(request, err)),
      pageHead({ ...ctx, reads }, { route, pathname, url }),
    ]);
    const withFonts = fonts ? `${fonts}\n    ${head}` : head;
    const parts = rendered
      ? { head: withFonts, body: rendered.html, state: rendered.state, hydrate: true }
      : { head: withFonts };
    const html = assemblePage(template, parts);
    // A page answering a post holds what the visitor typed: never stored by any cache.
    if (extras.seed) return page(extras.status ?? 200, html, { cacheControl: 'no-store' });
    return page(extras.status ?? 200, html, {
      cacheControl: SHARED_CACHE,
      degraded: loadRenderer !== undefined && !rendered,
    });
  };

  const cached = async (request: FastifyRequest): Promise<BuiltPage> => {
    const key = request.url;
    const pathname = key.split('?')[0] ?? '/';
    const page = await pages.getLearning(app.db, key, async () => {
      const { value, read } = await collectReads(() => build(request, {}));
      return { value, read: [...read, ...pageScopes(matchRouteName(pathname), pathname)] };
    });
    // A page whose render failed is answered but not kept: the next visitor gets a new try.
    if (page.kind === 'html' && page.degraded) pages.forget(app.db, key, page);
    return page;
  };

  return async (request, reply, extras = {}) => {
    const limit = limits[matchRouteName(request.url.split('?')[0] ?? '/') as RouteName];
    if (limit) {
      try {
        await limit(request);
      } catch (err) {
        if (!(err instanceof AppError) || err.statusCode !== 429) throw err;
        return reply
          .status(429)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .header('cache-control', 'no-store')
          .header('x-robots-tag', 'noindex')
          .type('text/html; charset=utf-8')
          .send(tooManyRequestsPage(RETRY_AFTER_SECONDS));
      }
    }
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    const keep = keepPages && isRead && !extras.seed && !extras.status;
    const page = keep ? await cached(request) : await build(request, extras);
    if (page.kind === 'redirect') return reply.redirect(page.location, 301);
    return sendHtml(request, reply, page.status, page.html, page.cacheControl, page);
  };
}

/** A page that fails to render still works: the browser renders it, as before server rendering. */
function logFailure(request: FastifyRequest, err: unknown): undefined {
  request.log.error({ err }, 'server rendering failed');
  return undefined;
}

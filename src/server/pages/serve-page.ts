import { canonicalPath, matchRouteName } from '@shared/paths';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fontPreloadTags } from './font-preload';
import { pageHead, robotsMeta } from './head';
import { APP_HEAD_TAGS } from './manifest';
import { type PageReads, pageReads } from './page-api';
import { pageStatus } from './page-status';
import { SERVER_RENDERED_ROUTES } from './public-pages';
import type { PageRenderer } from './renderer';
import { sendHtml } from './send-html';
import { assemblePage } from './template';

/** Where the not-found page is rendered from: a path no route but the catch-all matches. */
const NOT_FOUND_PATH = '/__not-found__';

/** A page rendered with data to start from and its own status (the answer to a form posted without JavaScript). */
export type PageExtras = { seed?: { queryKey: readonly unknown[]; data: unknown }[]; status?: number };

export type PageServer = (
  request: FastifyRequest,
  reply: FastifyReply,
  extras?: PageExtras,
) => Promise<FastifyReply>;

/**
 * Answers a page request: a public page rendered with its content and metadata (hydrated by the browser),
 * a signed-in or private page as the client-rendered shell with noindex, and anything unknown 404 with the
 * not-found page. Without a renderer (development, tests of other parts) every page is the shell.
 */
export function createPageServer(
  app: FastifyInstance,
  template: string,
  loadRenderer: (() => Promise<PageRenderer>) | undefined,
  webRoot?: string,
): PageServer {
  const ctx = { app, webRoot };
  const fonts = fontPreloadTags(webRoot);
  let renderer: Promise<PageRenderer> | undefined;
  const render = async (url: string, reads: PageReads, seed?: PageExtras['seed']) => {
    if (!loadRenderer) return undefined;
    renderer ??= loadRenderer();
    return (await renderer).renderPage(url, reads.api, seed);
  };

  return async (request, reply, extras = {}) => {
    const url = request.url;
    const pathname = url.split('?')[0] ?? '/';
    // The head and the body read through one set of reads: nothing is read twice for one page.
    const reads = pageReads(app);
    const status = await pageStatus(app, pathname, reads);
    const route = status === 200 ? matchRouteName(pathname) : undefined;

    if (!route) {
      const rendered = await render(NOT_FOUND_PATH, reads).catch((err) => logFailure(request, err));
      const head = await pageHead({ ...ctx, reads }, { route: 'notFound', pathname, url });
      return sendHtml(request, reply, 404, assemblePage(template, { head, body: rendered?.html }));
    }
    const canonical = canonicalPath(pathname);
    if (canonical && canonical !== pathname && request.method === 'GET') {
      // One address per page: '/sale' and '/Sale/' are the same page, spelled as its route spells it.
      return reply.redirect(`${canonical}${url.slice(pathname.length)}`, 301);
    }
    if (!SERVER_RENDERED_ROUTES.includes(route)) {
      // The signed-in area is the installable app: its pages carry the manifest (public pages do not).
      // The profile is where a visitor lands from the sign-in link: it has a title of its own.
      const own =
        route === 'agentProfile'
          ? await pageHead({ ...ctx, reads }, { route, pathname, url })
          : robotsMeta('noindex');
      const head = `${own}\n    ${APP_HEAD_TAGS}`;
      return sendHtml(request, reply, 200, assemblePage(template, { head }));
    }
    const [rendered, head] = await Promise.all([
      render(url, reads, extras.seed).catch((err) => logFailure(request, err)),
      pageHead({ ...ctx, reads }, { route, pathname, url }),
    ]);
    const withFonts = fonts ? `${fonts}\n    ${head}` : head;
    const parts = rendered
      ? { head: withFonts, body: rendered.html, state: rendered.state, hydrate: true }
      : { head: withFonts };
    // A page answering a post holds what the visitor typed: never stored by any cache.
    const cacheControl = extras.seed ? 'no-store' : undefined;
    return sendHtml(request, reply, extras.status ?? 200, assemblePage(template, parts), cacheControl);
  };
}

/** A page that fails to render still works: the browser renders it, as before server rendering. */
function logFailure(request: FastifyRequest, err: unknown): undefined {
  request.log.error({ err }, 'server rendering failed');
  return undefined;
}

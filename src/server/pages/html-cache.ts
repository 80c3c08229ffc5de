import { type RouteName, routePatterns } from '@shared/paths';
import { ALL_LISTINGS, scopes } from '../plugins/cache-scopes';
import { ReadCache } from '../plugins/read-cache';

/** A page as the page server answers it, kept whole: a repeat costs a lookup, not a render. */
export type BuiltPage =
  | { kind: 'redirect'; location: string }
  | {
      kind: 'html';
      status: number;
      html: string;
      cacheControl?: string;
      /** A page rendered without its content (the render failed): answered, never kept. */
      degraded?: boolean;
      /** Its compressed forms, made once for every later answer (send-html.ts). */
      compressed: Partial<Record<'br' | 'gzip', Buffer>>;
      /** Its strong ETag, computed once. */
      etag?: string;
      /** Its HTML as UTF-8, encoded once. */
      bytes?: Buffer;
    };

/** How long a page is kept when nothing it read changes (the same minute a shared cache keeps it for). */
const TTL_MS = 60_000;

/**
 * The pages' HTML by URL (docs/decisions/0022-scoped-cache-invalidation.md): each entry is dropped when
 * anything it read changes, here or in another process. What a page read is what its render's API requests
 * read from the read caches (collected while it renders), plus what the page server reads on its own (below).
 */
export const newHtmlCache = () =>
  new ReadCache<BuiltPage>({ name: 'pages', ttlMs: TTL_MS, maxEntries: 300, reads: () => [scopes.all] });

const PROPERTY_PATH = new RegExp(`^${routePatterns.propertyView.replace('/:id', '')}/([^/?]+)/?$`, 'i');

/**
 * What a page reads besides its render's cached API reads: the settings and the team (head, footer, agent
 * pages), and the listings for every page but a property's own, which reads its property (its status, its
 * head) and, through its render, its similar properties' rows and its city's candidates.
 */
export function pageScopes(route: RouteName | undefined, pathname: string): string[] {
  const base = [scopes.settings, scopes.users];
  const property = PROPERTY_PATH.exec(pathname)?.[1];
  if (property !== undefined && (route === 'propertyView' || route === undefined)) {
    let id = property;
    try {
      id = decodeURIComponent(property);
    } catch {}
    return [...base, scopes.property(id)];
  }
  return [...base, ...ALL_LISTINGS];
}

import type { ReactNode } from 'react';
import { useMatches } from 'react-router';

/** The id the skip link of the navigation bar points at. */
export const MAIN_ID = 'main';

/** What a route may declare in its `handle`. */
export type RouteHandle = {
  /** The route's layout renders the page's <main> itself (beside a side navigation it keeps outside). */
  ownsMain?: boolean;
  /** A signed-in page that a visitor may open too (it explains itself instead of sending to /Login). */
  allowAnonymous?: boolean;
};

const handleOf = (match: { handle: unknown }) => match.handle as RouteHandle | undefined;

/** True when a matched layout renders its own <main> (the root layout then renders none). */
export function useLayoutOwnsMain() {
  return useMatches().some((match) => handleOf(match)?.ownsMain === true);
}

/** True when the page being shown lets a visitor in. */
export function useRouteAllowsAnonymous() {
  return useMatches().some((match) => handleOf(match)?.allowAnonymous === true);
}

/**
 * The page's one <main>: the skip link's target, focusable by script only (tabIndex -1) so the link moves the
 * focus into it and the next Tab reaches the first control of the content.
 */
export function MainLandmark({ className = '', children }: { className?: string; children: ReactNode }) {
  return (
    <main id={MAIN_ID} tabIndex={-1} className={`scroll-mt-16 outline-none ${className}`}>
      {children}
    </main>
  );
}

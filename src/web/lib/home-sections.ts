import { paths } from '@shared/paths';
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Sections of the home page that other pages and the footer link to (ids kept from the original site). */
export const HOME_SECTIONS = { whoWeAre: 'whoWeAre', leaveDetails: 'liveDitails' } as const;
export type HomeSection = (typeof HOME_SECTIONS)[keyof typeof HOME_SECTIONS];

function scrollToId(id: string) {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/**
 * Goes to a home section: scrolls smoothly when home is already shown, otherwise goes home
 * (with an optional query, e.g. the lead category) and the home page scrolls once it is rendered.
 */
export function useGoToHomeSection() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(
    (id: HomeSection, query = '') => {
      if (pathname === paths.home() && (!query || query === search)) {
        scrollToId(id);
        window.history.replaceState(window.history.state, '', `${search}#${id}`);
        return;
      }
      navigate({ pathname: paths.home(), search: query, hash: id });
    },
    [navigate, pathname, search],
  );
}

/** On the home page: scrolls to the section named by the URL hash after each navigation. */
export function useScrollToHash() {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: run again for each navigation (key), even to the same hash
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const frame = requestAnimationFrame(() => scrollToId(id));
    return () => cancelAnimationFrame(frame);
  }, [hash, key]);
}

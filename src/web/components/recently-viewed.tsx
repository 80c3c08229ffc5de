import { lazy, Suspense, useEffect, useState } from 'react';

/** The strip and its cards load only in a browser that has opened properties before. */
const RecentlyViewedList = lazy(() =>
  import('./recently-viewed-list').then((m) => ({ default: m.RecentlyViewedList })),
);

/** Whether this browser keeps recently viewed properties (the list's key in src/web/lib/saved-properties.ts). */
function hasRecentlyViewed(): boolean {
  try {
    return (window.localStorage.getItem('recently-viewed')?.length ?? 0) > 2;
  } catch {
    return false;
  }
}

/**
 * The last properties this browser opened, on home and the lists. Nothing in the server's HTML nor at hydration:
 * after it, and only when there is something to show, the strip's code loads and it appears.
 */
export function RecentlyViewed(props: { transaction?: string; className?: string }) {
  const [has, setHas] = useState(false);
  useEffect(() => setHas(hasRecentlyViewed()), []);
  if (!has) return null;
  return (
    <Suspense fallback={null}>
      <RecentlyViewedList {...props} />
    </Suspense>
  );
}

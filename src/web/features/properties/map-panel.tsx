import type { Bbox } from '@shared/domain/geo-box';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Filters } from './filters';
import { MapPlaceholder } from './map-toggle';

/** MapLibre and the map's code load when the map is opened, never with the list pages (docs/locations.md). */
const SearchMap = lazy(() => import('./search-map'));

type PanelProps = { type: 'sale' | 'rent'; filters: Filters; onSearchArea: (box: Bbox) => void };

/** The map's place on the page: the server and the first render hold a placeholder; the map comes after. */
export default function MapPanel(props: PanelProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return <MapPlaceholder />;
  return (
    <Suspense fallback={<MapPlaceholder />}>
      <SearchMap {...props} />
    </Suspense>
  );
}

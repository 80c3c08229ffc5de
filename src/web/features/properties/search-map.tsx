import type { Bbox } from '@shared/domain/geo-box';
import { ISRAEL_BOUNDS } from '@shared/domain/geo-box';
import { searchMap as t } from '@web/i18n/search-map';
import type { Map as MapLibreMap, Marker } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Filters } from './filters';
import { clustersUrl, fetchClusters, useMapSettings, visibleBox } from './search-map-api';
import { PinCard } from './search-map-card';
import { VisibleList } from './search-map-list';
import { type MapFeature, type MapPin, markerElement } from './search-map-markers';
import './search-map.css';

type Props = {
  type: 'sale' | 'rent';
  filters: Filters;
  /** 'Search this area': the visible box becomes the search's area filter. */
  onSearchArea: (box: Bbox) => void;
};

const ISRAEL: Bbox = [ISRAEL_BOUNDS.west, ISRAEL_BOUNDS.south, ISRAEL_BOUNDS.east, ISRAEL_BOUNDS.north];

/** The map's code, its styles and its worker: fetched when the map first opens, never with the list pages. */
async function loadMapLibre() {
  const [maplibre, worker] = await Promise.all([
    import('maplibre-gl'),
    import('maplibre-gl/dist/maplibre-gl-worker.mjs?url'),
    import('maplibre-gl/dist/maplibre-gl.css'),
  ]);
  maplibre.setWorkerUrl(worker.default);
  return maplibre;
}

type Status = 'loading' | 'ready' | 'failed' | 'no-webgl';

const hasWebgl = () => {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
};

/**
 * The search's map (issue 39, docs/locations.md): MapLibre with the configured style, the server's groups and pins
 * for the visible box (public points only, the zoom capped), 'search this area', a card for a pressed pin, and
 * the visible listings as a list one Tab away.
 */
export default function SearchMap({ type, filters, onSearchArea }: Props) {
  const settings = useMapSettings();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const markers = useRef<Marker[]>([]);
  const request = useRef<AbortController | null>(null);
  const lib = useRef<typeof import('maplibre-gl') | null>(null);
  const latest = useRef({ type, filters });
  latest.current = { type, filters };
  const [status, setStatus] = useState<Status>('loading');
  const [features, setFeatures] = useState<MapFeature[] | null>(null);
  const [moved, setMoved] = useState(false);
  const [selected, setSelected] = useState<MapPin | null>(null);

  const press = useCallback((feature: MapFeature) => {
    const map = mapRef.current;
    if (!map) return;
    if (feature.kind === 'cluster') {
      map.easeTo({ center: [feature.lng, feature.lat], zoom: feature.expansionZoom }, { byVisitor: true });
    } else setSelected(feature);
  }, []);

  const refresh = useCallback(
    async (fitToResults: boolean) => {
      const map = mapRef.current;
      if (!map) return;
      const box = visibleBox(map.getBounds()) ?? ISRAEL;
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      const { type: kind, filters: current } = latest.current;
      try {
        const answer = await fetchClusters(clustersUrl(kind, current, box, map.getZoom()), controller.signal);
        const maplibre = lib.current;
        if (controller.signal.aborted || !maplibre) return;
        for (const marker of markers.current) marker.remove();
        markers.current = answer.features.map((feature) =>
          new maplibre.Marker({ element: markerElement(feature, press) })
            .setLngLat([feature.lng, feature.lat])
            .addTo(map),
        );
        setFeatures(answer.features);
        if (fitToResults && answer.features.length > 0) {
          fitTo(map, answer.features);
        }
      } catch (error) {
        if (!controller.signal.aborted) {
          console.error(error);
          setStatus('failed');
        }
      }
    },
    [press],
  );

  // The map itself: made once the style's address is known, removed with the component.
  const styleUrl = settings.data?.styleUrl;
  const maxZoom = settings.data?.maxZoom;
  useEffect(() => {
    if (!styleUrl || maxZoom === undefined || !container.current) return;
    if (!hasWebgl()) {
      setStatus('no-webgl');
      return;
    }
    let cancelled = false;
    const area = latest.current.filters.bbox;
    loadMapLibre()
      .then((maplibre) => {
        if (cancelled || !container.current) return;
        lib.current = maplibre;
        const map = new maplibre.Map({
          container: container.current,
          style: styleUrl,
          bounds: area ?? ISRAEL,
          maxZoom,
          locale: t.controls,
          attributionControl: { compact: false },
          dragRotate: false,
          pitchWithRotate: false,
          touchPitch: false,
        });
        map.touchZoomRotate.disableRotation();
        map.keyboard.disableRotation();
        map.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-left');
        mapRef.current = map;
        map.on('error', (event) => console.error(event.error));
        map.on('load', () => {
          setStatus('ready');
          // Without an area, the first view fits the results; with one, it is the area.
          void refresh(!area);
        });
        // Only the visitor's own moves (dragging, the zoom buttons, the keyboard, a group pressed) offer 'search
        // this area'; the page's (fitting the results, a resized window) do not.
        map.on('moveend', (event: { originalEvent?: unknown; byVisitor?: boolean }) => {
          if (event.originalEvent || event.byVisitor) setMoved(true);
          void refresh(false);
        });
      })
      .catch((error) => {
        console.error(error);
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      request.current?.abort();
      mapRef.current?.remove();
      mapRef.current = null;
      markers.current = [];
    };
  }, [styleUrl, maxZoom, refresh]);

  // New filters: the same view, its groups and pins again.
  const filtersKey = clustersUrl(type, filters, ISRAEL, 0);
  const firstFilters = useRef(filtersKey);
  useEffect(() => {
    if (firstFilters.current === filtersKey) return;
    firstFilters.current = filtersKey;
    void refresh(false);
  }, [filtersKey, refresh]);

  // A new area from 'search this area' is the view already on screen.
  const areaKey = filters.bbox?.join(',') ?? '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the offer ends whenever the search's area changes.
  useEffect(() => setMoved(false), [areaKey]);

  const searchArea = () => {
    const map = mapRef.current;
    const box = map && visibleBox(map.getBounds());
    if (box) onSearchArea(box);
    setMoved(false);
  };

  const failed = settings.isError || status === 'failed' || status === 'no-webgl';
  return (
    <section aria-label={t.region} className="search-map flex flex-col gap-3">
      <a href="#map-list" className="skip-to-list">
        {t.skipToList}
      </a>
      <div className="relative">
        <div ref={container} className="search-map-canvas" data-status={status} />
        {status === 'loading' && !failed && (
          <p role="status" className="search-map-note">
            {t.loading}
          </p>
        )}
        {failed && (
          <p role="alert" className="search-map-note">
            {status === 'no-webgl' ? t.noWebgl : t.failed}
          </p>
        )}
        {moved && status === 'ready' && (
          <button type="button" onClick={searchArea} className="search-area-button">
            {t.searchArea}
          </button>
        )}
        {selected && (
          <PinCard
            pin={selected}
            onClose={() => {
              const id = selected.id;
              setSelected(null);
              container.current?.querySelector<HTMLElement>(`[data-property-id="${id}"]`)?.focus();
            }}
          />
        )}
      </div>
      <VisibleList features={features} />
    </section>
  );
}

/** Fits the view to the answer's groups and pins (not past the zoom where groups still split). */
function fitTo(map: MapLibreMap, features: MapFeature[]) {
  let [west, south, east, north] = [180, 90, -180, -90];
  for (const f of features) {
    west = Math.min(west, f.lng);
    east = Math.max(east, f.lng);
    south = Math.min(south, f.lat);
    north = Math.max(north, f.lat);
  }
  map.fitBounds(
    [
      [west, south],
      [east, north],
    ],
    { padding: 48, maxZoom: 13, duration: 0 },
  );
}

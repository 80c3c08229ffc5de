import type { Bbox } from '@shared/domain/geo-box';
import { bboxText, isBbox } from '@shared/domain/geo-box';
import type { MapSettings, PropertyClusters } from '@shared/schemas/property';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { type Filters, toSearchParams } from './filters';

type Envelope<T> = { status: 'success'; data: T };

/** The style to draw and the zoom cap (GET /map): asked once a visit, when the map first opens. */
export const useMapSettings = () =>
  useQuery({
    queryKey: ['map-settings'],
    queryFn: ({ signal }) => apiRequest<Envelope<MapSettings>>('/map', { signal }).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * The groups and pins of the visible box for the search's filters (GET /properties/clusters). The search's own
 * area (`bbox`) gives way to the box on screen: the map shows what is around the area too.
 */
export function clustersUrl(type: 'sale' | 'rent', filters: Filters, box: Bbox, zoom: number): string {
  const params = toSearchParams(type, { ...filters, bbox: null });
  params.set('type', type);
  params.set('bbox', bboxText(box));
  params.set('zoom', String(Math.max(0, Math.min(22, Math.round(zoom)))));
  return `/properties/clusters?${params}`;
}

export const fetchClusters = (url: string, signal: AbortSignal) =>
  apiRequest<Envelope<PropertyClusters>>(url, { signal }).then((r) => r.data);

/** The map's visible box, kept inside the world's degrees (a zoomed-out map can show more than the world). */
export function visibleBox(bounds: {
  getWest(): number;
  getSouth(): number;
  getEast(): number;
  getNorth(): number;
}): Bbox | null {
  const box: Bbox = [
    Math.max(-180, bounds.getWest()),
    Math.max(-90, bounds.getSouth()),
    Math.min(180, bounds.getEast()),
    Math.min(90, bounds.getNorth()),
  ];
  return isBbox(box) ? box : null;
}

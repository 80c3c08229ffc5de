import type { PropertyClusters } from '@shared/schemas/property';
import { searchMap } from '@web/i18n/search-map';
import { formatPrice } from '@web/lib/format';

export type MapFeature = PropertyClusters['features'][number];
export type MapPin = Extract<MapFeature, { kind: 'pin' }>;

const trim = (n: number) => String(Math.round(n * 100) / 100);

/** A pin's short label: '2.45 מ׳ ₪' for millions, '850 א׳ ₪' for thousands of a sale, the full price below. */
export function shortPrice(price: number): string {
  if (price >= 1_000_000) return `${trim(price / 1_000_000)} מ׳ ₪`;
  if (price >= 100_000) return `${Math.round(price / 1_000)} א׳ ₪`;
  return formatPrice(price);
}

/**
 * A marker's element: a real button, so the map's groups and pins are reached and pressed by keyboard and read
 * by screen readers ('42 נכסים כאן, הגדלת המפה'; 'דירת 4 חדרים ב-2,450,000 ₪').
 */
export function markerElement(
  feature: MapFeature,
  onPress: (feature: MapFeature) => void,
): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  if (feature.kind === 'cluster') {
    button.className = 'map-cluster';
    button.textContent = feature.count.toLocaleString('he-IL');
    button.setAttribute('aria-label', searchMap.cluster(feature.count));
    const size = Math.min(64, 32 + Math.log2(feature.count) * 4);
    button.style.width = `${size}px`;
    button.style.height = `${size}px`;
  } else {
    button.className = 'map-pin';
    button.textContent = shortPrice(feature.price);
    button.setAttribute('aria-label', searchMap.pin(formatPrice(feature.price), feature.rooms));
    button.dataset.propertyId = feature.id;
  }
  button.addEventListener('click', (event) => {
    event.stopPropagation();
    onPress(feature);
  });
  return button;
}

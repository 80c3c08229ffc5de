import { paths } from '@shared/paths';
import { searchMap as t } from '@web/i18n/search-map';
import { formatPrice } from '@web/lib/format';
import { Link } from 'react-router';
import type { MapFeature } from './search-map-markers';

/**
 * The listings the map shows, as links: what a keyboard or a screen reader reaches one Tab away from the map.
 * Groups are counted, not listed (zooming in splits them).
 */
export function VisibleList({ features }: { features: MapFeature[] | null }) {
  if (!features) return null;
  const pins = features.filter((f) => f.kind === 'pin');
  const groups = features.length - pins.length;
  return (
    <div id="map-list" tabIndex={-1} className="map-list">
      <h3 className="text-base font-semibold text-slate-900">{t.listTitle}</h3>
      {features.length === 0 && <p className="text-sm text-slate-700">{t.listEmpty}</p>}
      {pins.length > 0 && (
        <ul className="mt-2 flex flex-col gap-1">
          {pins.map((pin) => (
            <li key={pin.id}>
              <Link to={paths.propertyView(pin.id)} className="text-brand-700 underline">
                {t.pin(formatPrice(pin.price), pin.rooms)}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {groups > 0 && <p className="mt-2 text-sm text-slate-700">{t.listMore(groups)}</p>}
    </div>
  );
}

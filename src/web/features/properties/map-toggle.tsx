import { searchFilters } from '@web/i18n/search-filters';
import { Link } from 'react-router';

/** The listing's address with the map open or closed, the filters and page kept. */
export function mapToggleSearch(params: URLSearchParams, open: boolean): string {
  const next = new URLSearchParams(params);
  if (open) next.set('map', '1');
  else next.delete('map');
  const text = next.toString();
  return text ? `?${text}` : '';
}

/** 'מפה' / 'הסתרת המפה': a link, so it works before the page's script and keeps the state in the URL. */
export function MapToggle({ params, open }: { params: URLSearchParams; open: boolean }) {
  return (
    <Link
      to={{ search: mapToggleSearch(params, !open) }}
      className="inline-flex min-h-11 items-center rounded-lg border border-brand-700 px-4 font-semibold text-brand-800 hover:bg-brand-50"
    >
      {open ? searchFilters.hideMap : searchFilters.showMap}
    </Link>
  );
}

/** Where the map will be, while its code loads (and in the server's HTML). */
export function MapPlaceholder() {
  return (
    <p role="status" className="grid min-h-[360px] place-items-center rounded-xl bg-slate-100 text-slate-700">
      {searchFilters.mapLoading}
    </p>
  );
}

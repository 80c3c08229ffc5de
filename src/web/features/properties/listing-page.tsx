import { TRANSACTION_TYPES } from '@shared/domain/property-options';
import { extraFilterChips } from '@shared/domain/search-filters';
import type { Property } from '@shared/schemas/property';
import { Page } from '@web/components/page';
import { RecentlyViewed } from '@web/components/recently-viewed';
import { StatusMessage } from '@web/components/status-message';
import { he } from '@web/i18n/he';
import { searchFilters } from '@web/i18n/search-filters';
import { useSession } from '@web/lib/session';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZE, useSearch } from './api';
import { FilterBar } from './filter-bar';
import { FilterDrawer } from './filter-drawer';
import { defaultFilters, type Filters, parseFilters, toSearchParams } from './filters';
import MapPanel from './map-panel';
import { MapToggle } from './map-toggle';
import { Pagination } from './pagination';
import { PropertyCard } from './property-card';
import { SaveSearchButton } from './save-search-button';
import { SaveSearchPost } from './save-search-post';
import { SoldList } from './sold-list';

const t = he.properties;

/** /Sale and /Rent: filters in the URL, one page of server search results, then the sold list. */
export function ListingPage({ type }: { type: 'sale' | 'rent' }) {
  const [params, setParams] = useSearchParams();
  const filters = parseFilters(type, params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { user } = useSession();
  // An admin manages the cards of her branch scope; another branch's listing is read-only for her (decision 0033).
  const manages = (p: Property) =>
    user?.role === 'admin' && (user.networkAccess || !user.branch || user.branch._id === p.branch._id);
  const [editingId, setEditingId] = useState<string | null>(null);
  const search = useSearch(type, filters, page);
  // The map beside the list on desktop and instead of it on phones, kept in the URL with the filters.
  const mapOpen = params.get('map') === '1';

  const go = (next: Filters, nextPage = 1) => {
    const query = toSearchParams(type, next);
    if (nextPage > 1) query.set('page', String(nextPage));
    if (mapOpen) query.set('map', '1');
    setParams(query);
  };

  const filterProps = {
    type,
    applied: filters,
    onSearch: (f: Filters) => go(f),
    onReset: () => go(defaultFilters(type)),
  };
  const data = search.data;
  const chips = extraFilterChips(filters);
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1; // total is at most the cap
  return (
    <Page title={type === 'sale' ? t.saleTitle : t.rentTitle} wide>
      {/* Desktop: the filters above the results. Phone: a button that opens them, so properties come first. */}
      <div className="hidden md:block">
        <FilterBar {...filterProps} />
      </div>
      <FilterDrawer {...filterProps} />
      <section aria-labelledby="results-count" className="mt-6">
        <h2 className="sr-only">{t.list.title}</h2>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <p id="results-count" role="status" className="text-lg font-semibold text-slate-700">
            {data ? t.filters.total(data.total, data.totalCapped) : he.common.loading}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <MapToggle params={params} open={mapOpen} />
            <SaveSearchButton type={type} filters={filters} />
          </div>
        </div>
        {params.get('save') === '1' && <SaveSearchPost type={type} filters={filters} />}
        {chips.length > 0 && (
          // The filters of issue 39 in force, as one line: 'קומה 2–5 · חניה · ממ״ד'.
          <p className="mb-4 text-sm font-medium text-brand-900">
            <span className="sr-only">{searchFilters.chips}: </span>
            {chips.join(' · ')}
          </p>
        )}
        {search.isError && <StatusMessage>{t.list.loadError}</StatusMessage>}
        {data && data.items.length === 0 && <StatusMessage>{t.list.empty}</StatusMessage>}
        <div className={mapOpen ? 'md:grid md:grid-cols-2 md:items-start md:gap-6' : undefined}>
          <div className={mapOpen ? 'hidden md:block' : undefined}>
            <ul
              className={mapOpen ? 'grid gap-6 xl:grid-cols-2' : 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3'}
              aria-busy={search.isFetching || undefined}
            >
              {data?.items.map((property, i) => (
                <li key={property._id}>
                  <PropertyCard
                    property={property}
                    isAdmin={manages(property)}
                    eager={i < 3}
                    editing={editingId === property._id}
                    onEdit={() => setEditingId(property._id)}
                    onDone={() => setEditingId(null)}
                  />
                </li>
              ))}
            </ul>
            {data && pages > 1 && <Pagination page={page} pages={pages} onPage={(p) => go(filters, p)} />}
          </div>
          {mapOpen && (
            <div className="md:sticky md:top-24">
              <MapPanel type={type} filters={filters} onSearchArea={(bbox) => go({ ...filters, bbox })} />
            </div>
          )}
        </div>
      </section>
      <RecentlyViewed transaction={TRANSACTION_TYPES[type]} className="mt-12" />
      <SoldList type={type} manages={manages} editingId={editingId} setEditingId={setEditingId} />
    </Page>
  );
}

export const SalePage = () => <ListingPage type="sale" />;
export const RentPage = () => <ListingPage type="rent" />;

import type { Property } from '@shared/schemas/property';
import { StatusMessage } from '@web/components/status-message';
import { he } from '@web/i18n/he';
import { useState } from 'react';
import { SOLD_PAGE_SIZE, useSoldProperties } from './api';
import { Pagination } from './pagination';
import { PropertyCard } from './property-card';

const t = he.properties.sold;

type Props = {
  type: 'sale' | 'rent';
  /** Whether the signed-in admin manages this listing (her branch scope's). */
  manages: (property: Property) => boolean;
  editingId: string | null;
  setEditingId: (id: string | null) => void;
};

/**
 * /Sale: the sold sales; /Rent: the rented rentals. Greyed with an overlay, a page at a time from the server;
 * admins can still edit (e.g. un-mark sold).
 */
export function SoldList({ type, manages, editingId, setEditingId }: Props) {
  const [page, setPage] = useState(1);
  const sold = useSoldProperties(type, page);
  const rent = type === 'rent';
  const items = sold.data?.items ?? [];
  const pages = sold.data ? Math.max(1, Math.ceil(sold.data.total / SOLD_PAGE_SIZE)) : 1;
  return (
    <section aria-labelledby="sold-title" className="mt-12">
      <h2 id="sold-title" className="mb-4 scroll-mt-24 text-2xl font-bold text-brand-900">
        {rent ? t.rentedTitle : t.title}
      </h2>
      {sold.isPending && <StatusMessage busy>{he.common.loading}</StatusMessage>}
      {sold.isError && <StatusMessage>{rent ? t.rentedLoadError : t.loadError}</StatusMessage>}
      {sold.isSuccess && items.length === 0 && (
        <StatusMessage>{rent ? t.rentedEmpty : t.empty}</StatusMessage>
      )}
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy={sold.isFetching || undefined}>
        {items.map((property) => (
          <li key={property._id}>
            <PropertyCard
              property={property}
              isAdmin={manages(property)}
              editing={editingId === property._id}
              onEdit={() => setEditingId(property._id)}
              onDone={() => setEditingId(null)}
            />
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <Pagination
          page={page}
          pages={pages}
          onPage={setPage}
          label={rent ? t.rentedPages : t.pages}
          scrollTo="sold-title"
        />
      )}
    </section>
  );
}

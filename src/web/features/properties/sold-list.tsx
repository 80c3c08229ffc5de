import { Button } from '@web/components/button';
import { StatusMessage } from '@web/components/status-message';
import { he } from '@web/i18n/he';
import { useState } from 'react';
import { useSoldProperties } from './api';
import { PropertyCard } from './property-card';

const t = he.properties.sold;
const STEP = 12;

type Props = { isAdmin: boolean; editingId: string | null; setEditingId: (id: string | null) => void };

/** Sold sales and rented rentals, greyed with an overlay; admins can still edit (e.g. un-mark sold). */
export function SoldList({ isAdmin, editingId, setEditingId }: Props) {
  const sold = useSoldProperties();
  const [shown, setShown] = useState(STEP);
  const items = sold.data ?? [];
  return (
    <section aria-labelledby="sold-title" className="mt-12">
      <h2 id="sold-title" className="mb-4 text-2xl font-bold text-brand-900">
        {t.title}
      </h2>
      {sold.isPending && <StatusMessage busy>{he.common.loading}</StatusMessage>}
      {sold.isError && <StatusMessage>{t.loadError}</StatusMessage>}
      {sold.isSuccess && items.length === 0 && <StatusMessage>{t.empty}</StatusMessage>}
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {items.slice(0, shown).map((property) => (
          <li key={property._id}>
            <PropertyCard
              property={property}
              isAdmin={isAdmin}
              editing={editingId === property._id}
              onEdit={() => setEditingId(property._id)}
              onDone={() => setEditingId(null)}
            />
          </li>
        ))}
      </ul>
      {items.length > shown && (
        <div className="mt-6 flex justify-center">
          <Button variant="secondary" onClick={() => setShown((n) => n + STEP)}>
            {he.properties.list.next}
          </Button>
        </div>
      )}
    </section>
  );
}

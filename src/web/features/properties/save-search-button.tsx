import { Button } from '@web/components/button';
import { he } from '@web/i18n/he';
import { lazy, Suspense, useState } from 'react';
import type { Filters } from './filters';

/** The dialog, its form library and the shared schemas load when the visitor asks, never with the page. */
const loadDialog = () => import('./save-search-dialog');
const SaveSearchDialog = lazy(() => loadDialog().then((m) => ({ default: m.SaveSearchDialog })));

/** "שמירת החיפוש ועדכונים על נכסים חדשים" on /Sale and /Rent: the server renders a plain button. */
export function SaveSearchButton({ type, filters }: { type: 'sale' | 'rent'; filters: Filters }) {
  const [open, setOpen] = useState(false);
  const preload = () => {
    loadDialog().catch(() => undefined);
  };
  return (
    <>
      <Button
        variant="secondary"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        {he.favourites.saveSearch}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SaveSearchDialog type={type} filters={filters} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

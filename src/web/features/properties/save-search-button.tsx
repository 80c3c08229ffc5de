import { Button } from '@web/components/button';
import { he } from '@web/i18n/he';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { Filters } from './filters';
import { SAVE_SEARCH_ID } from './save-search-post';

/** The dialog, its form library and the shared schemas load when the visitor asks, never with the page. */
const loadDialog = () => import('./save-search-dialog');
const SaveSearchDialog = lazy(() => loadDialog().then((m) => ({ default: m.SaveSearchDialog })));

/**
 * "שמירת החיפוש ועדכונים על נכסים חדשים" on /Sale and /Rent. With JavaScript it opens the dialog; before it, the
 * button submits a GET form to the same listing with `save=1` (the filters as they are, nothing personal), and
 * the page then shows the form that posts (save-search-post.tsx).
 */
export function SaveSearchButton({ type, filters }: { type: 'sale' | 'rent'; filters: Filters }) {
  const [open, setOpen] = useState(false);
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const preload = () => {
    loadDialog().catch(() => undefined);
  };
  return (
    <>
      <form method="get" action={`${pathname}#${SAVE_SEARCH_ID}`}>
        {/* A key may repeat (amenities): each pair is one field, named by itself. */}
        {[...params]
          .filter(([key]) => key !== 'save')
          .map(([key, value]) => (
            <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
          ))}
        <input type="hidden" name="save" value="1" />
        <Button
          type="submit"
          variant="secondary"
          aria-haspopup="dialog"
          aria-expanded={open}
          onPointerEnter={preload}
          onFocus={preload}
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
        >
          {he.favourites.saveSearch}
        </Button>
      </form>
      {open && (
        <Suspense fallback={null}>
          <SaveSearchDialog type={type} filters={filters} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

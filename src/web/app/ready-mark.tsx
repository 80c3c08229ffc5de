import { useEffect } from 'react';

/**
 * Marks the page interactive once React has taken over the HTML (hydrated or rendered): `<html data-ready>`.
 * Until then a server-rendered page shows its content but ignores input; end-to-end tests wait for it.
 * The server renders it too (its effect does not run there): React derives useId from the shape of the tree, so
 * both trees must have the same shape, or the ids the browser renders (aria-describedby, aria-controls...) miss
 * the server's elements they point at.
 */
export function ReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.ready = '';
  }, []);
  return null;
}

import { useEffect } from 'react';

/** The address the server rendered with its own full title (rooms, deal type, price), when it did. */
const serverRendered =
  typeof document !== 'undefined' && document.getElementById('root')?.dataset.ssr === 'hydrate'
    ? window.location.href
    : undefined;
let serverTitleKept = false;

/**
 * Sets the document title on the client. The page the server rendered keeps the server's title after
 * hydration (it is the fuller one, with the agency's own name); a page reached inside the app sets its own.
 */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    if (!serverTitleKept && serverRendered === window.location.href) {
      serverTitleKept = true;
      return;
    }
    serverTitleKept = true;
    document.title = title;
  }, [title]);
}

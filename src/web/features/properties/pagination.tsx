import { Button } from '@web/components/button';
import { he } from '@web/i18n/he';

const t = he.properties.list;

export function Pagination({
  page,
  pages,
  onPage,
  label = t.pages,
  scrollTo = 'results-count',
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** The navigation's name: two lists on one page need different ones. */
  label?: string;
  /** The element brought into view after a move: the top of the list. */
  scrollTo?: string;
}) {
  const move = (to: number) => {
    onPage(to);
    document.getElementById(scrollTo)?.scrollIntoView({ block: 'start' });
  };
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-center gap-4">
      <Button variant="secondary" disabled={page <= 1} onClick={() => move(page - 1)}>
        {t.prev}
      </Button>
      <span aria-current="page">{t.pageOf(page, pages)}</span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => move(page + 1)}>
        {t.next}
      </Button>
    </nav>
  );
}

import { alerts } from '@web/i18n/alerts';
import { useLocalList } from '@web/lib/local-list';
import { recentlyViewed } from '@web/lib/saved-properties';
import { useId } from 'react';
import { PropertySnapshotCard } from './property-snapshot-card';

const t = alerts.favourites;

/**
 * The last properties this browser opened (newest first), from localStorage only. Nothing in the server's HTML:
 * the strip appears after hydration when there is something to show. `transaction` keeps one deal type (on /Sale, /Rent).
 */
export function RecentlyViewedList({
  transaction,
  className = '',
}: {
  transaction?: string;
  className?: string;
}) {
  const titleId = useId();
  const items = useLocalList(recentlyViewed).filter(
    (p) => transaction === undefined || p.typeTransaction === transaction,
  );
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className={className}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-2xl font-bold text-brand-900">
          {t.recentTitle}
        </h2>
        <span className="text-sm text-slate-600">{t.recentCount(items.length)}</span>
      </div>
      <ul className="flex snap-x gap-4 overflow-x-auto pb-2">
        {items.map((p) => (
          <li key={p.id} className="w-56 shrink-0 snap-start">
            <PropertySnapshotCard property={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}

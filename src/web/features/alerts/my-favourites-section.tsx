import { TRANSACTION_TYPES } from '@shared/domain/property-options';
import type { Favourite } from '@shared/schemas/alerts';
import { Button } from '@web/components/button';
import { PropertySnapshotCard } from '@web/components/property-snapshot-card';
import { alerts } from '@web/i18n/alerts';
import { usePutFavourites } from '@web/lib/alerts-api';
import { useLocalList } from '@web/lib/local-list';
import { favourites, type PropertySnapshot } from '@web/lib/saved-properties';
import { toast } from '@web/lib/toast';

const t = alerts.myAlerts;

/** What a card shows of a favourite the server keeps; a deleted one keeps the browser's copy when it has one. */
function snapshotOfFavourite(f: Favourite, local?: PropertySnapshot): PropertySnapshot | null {
  const p = f.property;
  if (!p) return local ?? null;
  return {
    id: p._id,
    address: p.address,
    city: p.city,
    category: p.category,
    typeTransaction: p.typeTransaction,
    price: p.price,
    rooms: p.rooms,
    photo: p.image,
    at: f.addedAt,
  };
}

function badgeText(f: Favourite, snapshot: PropertySnapshot): string | null {
  if (f.state === 'deleted') return alerts.favourites.deleted;
  if (f.state !== 'sold') return null;
  return snapshot.typeTransaction === TRANSACTION_TYPES.rent
    ? alerts.favourites.rented
    : alerts.favourites.sold;
}

/** The link's favourites (kept on the server: any device) and the offer to add this browser's own. */
export function MyFavouritesSection({ token, list }: { token: string; list: Favourite[] }) {
  const local = useLocalList(favourites);
  const put = usePutFavourites(token);
  const known = new Set(list.map((f) => f.propertyId));
  const missing = local.filter((item) => !known.has(item.id));
  const addMissing = () =>
    put.mutate([...list.map((f) => f.propertyId), ...missing.map((item) => item.id)], {
      onSuccess: () => toast.success(t.favouritesSaved),
      onError: () => toast.error(t.failure),
    });
  return (
    <section aria-labelledby="my-favourites" className="flex flex-col gap-4">
      <h2 id="my-favourites" className="text-2xl font-bold text-brand-900">
        {t.favouritesTitle}
      </h2>
      {missing.length > 0 && (
        <div className="flex flex-wrap items-center gap-3 rounded-xl bg-brand-50 p-4">
          <p className="flex-1">{t.addBrowserFavourites(missing.length)}</p>
          <Button onClick={addMissing} disabled={put.isPending}>
            {t.addThem}
          </Button>
        </div>
      )}
      {list.length === 0 ? (
        <p className="text-slate-700">{t.noFavourites}</p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((f) => {
            const snapshot = snapshotOfFavourite(
              f,
              local.find((item) => item.id === f.propertyId),
            );
            if (!snapshot)
              return (
                <li key={f.propertyId} className="rounded-2xl border border-slate-200 bg-white p-4">
                  {alerts.favourites.deleted}
                </li>
              );
            const badge = badgeText(f, snapshot);
            return (
              <li key={f.propertyId}>
                <PropertySnapshotCard
                  property={snapshot}
                  linked={f.state !== 'deleted'}
                  muted={f.state !== 'active'}
                  badge={
                    badge && (
                      <span className="rounded-full bg-slate-900 px-3 py-1 text-sm font-bold text-white">
                        {badge}
                      </span>
                    )
                  }
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

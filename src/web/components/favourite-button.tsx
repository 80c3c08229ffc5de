import type { Property } from '@shared/schemas/property';
import { he } from '@web/i18n/he';
import { useLocalList } from '@web/lib/local-list';
import { favourites } from '@web/lib/saved-properties';
import { Heart } from 'lucide-react';

/** The heart's action loads on first use (or when the pointer or the focus reaches a heart). */
const loadToggle = () => import('@web/lib/favourite-toggle');
const preload = () => {
  loadToggle().catch(() => undefined);
};

/**
 * The heart on a card and on the property page: saves the property in this browser at once, with no sign-up.
 * The server renders it not pressed; the saved state shows right after hydration.
 */
export function FavouriteButton({ property, className = '' }: { property: Property; className?: string }) {
  const saved = useLocalList(favourites).some((item) => item.id === property._id);
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={he.favourites.heart(property.address)}
      title={he.favourites.heart(property.address)}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => {
        loadToggle().then(
          (m) => m.toggleFavourite(property),
          () => undefined,
        );
      }}
      className={`inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-red-700 shadow hover:bg-white ${className}`}
    >
      <Heart aria-hidden="true" size={22} fill={saved ? 'currentColor' : 'none'} />
    </button>
  );
}

import type { Property } from '@shared/schemas/property';
import { he } from '@web/i18n/he';
import { Heart } from 'lucide-react';
import { useSyncExternalStore } from 'react';

/** The heart's action loads on first use (or when the pointer or the focus reaches a heart). */
const loadToggle = () => import('@web/lib/favourite-toggle');
const preload = () => {
  loadToggle().catch(() => undefined);
};

/*
 * What the heart needs at once, kept this small on purpose (it is on every card of the public pages): whether
 * the id is in the list that src/web/lib/saved-properties.ts keeps under 'favourites', and the list's change
 * events (src/web/lib/local-list.ts: 'favourites-change' in this tab, 'storage' from another).
 */
const KEY = 'favourites';
function isSaved(id: string): boolean {
  try {
    const list: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(list) && list.some((item) => item?.id === id);
  } catch {
    return false;
  }
}
function subscribe(listener: () => void) {
  window.addEventListener('storage', listener);
  window.addEventListener(`${KEY}-change`, listener);
  return () => {
    window.removeEventListener('storage', listener);
    window.removeEventListener(`${KEY}-change`, listener);
  };
}
const notOnServer = () => false;

/**
 * The heart on a card and on the property page: saves the property in this browser at once, with no sign-up.
 * The server renders it not pressed (the same HTML for everyone); the saved state shows right after hydration.
 */
export function FavouriteButton({ property, className = '' }: { property: Property; className?: string }) {
  const saved = useSyncExternalStore(subscribe, () => isSaved(property._id), notOnServer);
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

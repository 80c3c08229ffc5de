import type { Property } from '@shared/schemas/property';
import { alerts } from '@web/i18n/alerts';
import { fetchAlertsPage, putFavourites } from './alerts-api';
import { rememberAlertsToken, storedAlertsToken } from './alerts-token';
import { ApiError } from './api-client';
import { FAVOURITES_MAX, favourites, snapshotOf } from './saved-properties';
import { toast } from './toast';

/**
 * A browser that knows its private link keeps the link's list in step: the link's favourites (from any device)
 * with this one added or removed. A link deleted meanwhile is forgotten; a failure leaves the browser's list as is.
 */
async function syncToLink(propertyId: string, saved: boolean) {
  const token = storedAlertsToken();
  if (!token) return;
  try {
    const page = await fetchAlertsPage(token);
    const ids = page.favourites.map((f) => f.propertyId).filter((id) => id !== propertyId);
    await putFavourites(token, saved ? [propertyId, ...ids] : ids);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) rememberAlertsToken(null);
  }
}

/** The heart's action, loaded on first use: saves the property in this browser or removes it. */
export function toggleFavourite(property: Property) {
  const saved = favourites.read();
  if (saved.some((item) => item.id === property._id)) {
    favourites.remove(property._id);
    toast.info(alerts.favourites.removed);
    void syncToLink(property._id, false);
    return;
  }
  if (saved.length >= FAVOURITES_MAX) {
    toast.error(alerts.favourites.full(FAVOURITES_MAX));
    return;
  }
  favourites.add(snapshotOf(property));
  toast.success(alerts.favourites.added);
  void syncToLink(property._id, true);
}

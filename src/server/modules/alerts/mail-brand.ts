import { kindWithRooms } from '@shared/domain/rooms';
import { savedSearchSentence } from '@shared/domain/saved-search';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { alertFavourites, savedSearches } from '../../db/schema';
import { absoluteUrl } from '../../lib/links';
import type { Storage } from '../../storage/storage';
import { mailPhotoPath } from '../images';
import type { Transaction } from '../mail';
import { getSettings } from '../settings';
import { propertyCards } from './cards';
import { type MailSender, mailSender } from './mail-layout';

/** What every mail to the public carries of the agency: its sender block and its choice on the "פרסומת" mark. */
export type MailBrand = {
  sender: MailSender;
  /** Section 30A: an advertisement's subject opens with the word "פרסומת" (the agency's setting). */
  markAdvertising: boolean;
};

/** Read before a transaction: on the embedded database a read outside it would wait for the transaction. */
export async function mailBrand(db: Database, appOrigin: string): Promise<MailBrand> {
  const settings = await getSettings(db);
  return { sender: mailSender(settings, appOrigin), markAdvertising: settings.markAdvertising };
}

/** The word the law asks for at the start of an advertisement's subject. */
export const ADVERTISING_MARK = 'פרסומת';

export const advertisingSubject = (subject: string, brand: Pick<MailBrand, 'markAdvertising'>) =>
  brand.markAdvertising ? `${ADVERTISING_MARK}: ${subject}` : subject;

/**
 * A photo's address for a mail: a stored photo's JPEG twin (mail clients, Outlook for Windows first, show no
 * WebP); a photo kept elsewhere (an imported listing's) as it is, unless it is WebP, which is left out.
 */
export function mailPhotoUrl(storage: Storage, appOrigin: string, url: string | null): string | null {
  if (url === null) return null;
  const key = storage.keyOf(url);
  if (key !== undefined) {
    const path = mailPhotoPath(key);
    return path === undefined ? null : absoluteUrl(appOrigin, path);
  }
  return /\.webp(?:[?#]|$)/i.test(url) ? null : url;
}

/** What a confirmation link confirms: the subscriber's searches and favourites not yet confirmed, in words. */
export async function awaitingConfirmation(
  tx: Transaction | Database,
  storage: Storage,
  subscriberId: string,
): Promise<{ searches: string[]; favourites: string[] }> {
  const searches = await tx
    .select({ filters: savedSearches.filters })
    .from(savedSearches)
    .where(and(eq(savedSearches.subscriberId, subscriberId), isNull(savedSearches.confirmedAt)))
    .orderBy(asc(savedSearches.createdAt));
  const favourites = await tx
    .select({ propertyId: alertFavourites.propertyId })
    .from(alertFavourites)
    .where(and(eq(alertFavourites.subscriberId, subscriberId), isNull(alertFavourites.confirmedAt)))
    .orderBy(asc(alertFavourites.createdAt));
  const cards = await propertyCards(
    tx,
    storage,
    favourites.map((f) => f.propertyId),
  );
  return {
    searches: searches.map((s) => savedSearchSentence(s.filters)),
    favourites: favourites.flatMap((f) => {
      const card = cards.get(f.propertyId);
      return card ? [`${kindWithRooms(card.category, card.rooms)} ב${card.city}, ${card.address}`] : [];
    }),
  };
}

import { normalizeIsraeliMobile } from '@shared/domain/phone';
import { ALERT_MESSAGES, ALERTS_CONSENT_TEXT } from '@shared/schemas/alerts';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { alertFavourites, alertSubscribers, savedSearches } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { consumeRateLimit } from '../../lib/rate-limit';
import { logConsent } from './consent';
import { type AlertsContext, officeOf } from './context';
import { consentKeyOf, isPhoneOnly } from './mailbox';
import { ensureRequirement } from './requirement';
import { addFavourites, addSearches, type SubscribeInput, subscribe } from './subscribe';
import { issueToken, subscriberOfToken } from './tokens';

/**
 * A subscription with a mobile phone and no e-mail (decision 0021). There is no SMS channel, so nothing can
 * confirm the number: every such subscription is a subscriber of its own (a known number never opens anyone
 * else's favourites), its private link is returned to be shown on the screen at once, its search becomes a
 * buyer requirement routed like every lead (the consent covers an agent's call), and no mail is ever sent to
 * it. Limited per number as the form is per address. Returns the private link's token.
 */
export async function subscribeByPhone(
  ctx: AlertsContext,
  input: Omit<SubscribeInput, 'email'>,
  ip: string,
): Promise<string> {
  const number = normalizeIsraeliMobile(input.phone) ?? input.phone;
  await consumeRateLimit(ctx.db, `alerts:phone:${number}`, ctx.perContact);
  const office = await officeOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const now = new Date();
    const [subscriber] = await tx
      .insert(alertSubscribers)
      .values({
        name: input.name,
        email: null,
        phone: input.phone,
        frequency: input.frequency,
        consentText: ALERTS_CONSENT_TEXT,
        consentAt: now,
        consentIp: ip,
      })
      .returning();
    // Kept at once: the link that shows them is the visitor's own, and no alert mail can follow from them.
    await addSearches(tx, subscriber!.id, input.searches, now);
    await addFavourites(tx, subscriber!.id, input.favourites, now);
    await logConsent(tx, {
      subscriberId: subscriber!.id,
      key: consentKeyOf(subscriber!),
      event: 'consent',
      ip,
      wording: ALERTS_CONSENT_TEXT,
    });
    await ensureRequirement(tx, subscriber!, office);
    return issueToken(tx, subscriber!.id, 'access');
  });
}

/**
 * "Add an e-mail to get alerts" on a phone-only link: the address is subscribed as from the form (a new one
 * unconfirmed, a known one gaining what it adds as waiting, the same answer for both), with the link's name,
 * phone, frequency, searches and favourites, and the double opt-in starts by mail. The link itself stays
 * phone-only: it was shown on a screen, so it may never confirm a mailbox; the confirmation mail carries the
 * address's own link. A link that already has an address: 409.
 */
export async function addEmail(ctx: AlertsContext, token: string, email: string, ip: string): Promise<void> {
  const subscriber = await subscriberOfToken(ctx.db, token, 'access');
  if (!subscriber) throw notFound(ALERT_MESSAGES.tokenNotFound);
  if (!isPhoneOnly(subscriber)) throw conflict(ALERT_MESSAGES.emailAlreadyGiven);
  const searches = await ctx.db
    .select({ filters: savedSearches.filters })
    .from(savedSearches)
    .where(and(eq(savedSearches.subscriberId, subscriber.id), isNotNull(savedSearches.confirmedAt)))
    .orderBy(asc(savedSearches.createdAt));
  const favourites = await ctx.db
    .select({ propertyId: alertFavourites.propertyId })
    .from(alertFavourites)
    .where(eq(alertFavourites.subscriberId, subscriber.id))
    .orderBy(asc(alertFavourites.createdAt));
  await subscribe(
    ctx,
    {
      name: subscriber.name,
      email,
      phone: subscriber.phone,
      frequency: subscriber.frequency,
      searches: searches.map((s) => s.filters),
      favourites: favourites.map((f) => f.propertyId),
    },
    ip,
    { contactId: subscriber.contactId, leadId: subscriber.leadId },
  );
}

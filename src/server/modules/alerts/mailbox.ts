import { randomUUID } from 'node:crypto';
import { normalizeIsraeliMobile } from '@shared/domain/phone';
import { like, not } from 'drizzle-orm';
import { alertSubscribers } from '../../db/schema';

/**
 * A subscriber who gave a mobile phone only has no mailbox. The table keys subscribers by a unique, required
 * e-mail column, so such a row holds `phone-only:<uuid>` there instead (decision 0021): never an address (no '@'),
 * so no address typed into a form ever finds it, and nothing is ever mailed to it.
 */
const PHONE_ONLY = 'phone-only:';

/** The e-mail column's value for a new phone-only subscriber. */
export const phoneOnlyKey = () => `${PHONE_ONLY}${randomUUID()}`;

export const isPhoneOnly = (subscriber: { email: string }) => subscriber.email.startsWith(PHONE_ONLY);

/** The subscriber's address, or null when they gave a phone only. */
export const mailboxOf = (subscriber: { email: string }): string | null =>
  isPhoneOnly(subscriber) ? null : subscriber.email;

/** Rows of subscribers who have an address. */
export const hasMailbox = not(like(alertSubscribers.email, `${PHONE_ONLY}%`));

/**
 * What the consent log hashes: the address, or the phone's normalized form for a phone-only subscriber (proof
 * of consent for that number, kept after deletion without the number itself).
 */
export const consentKeyOf = (subscriber: { email: string; phone: string }) =>
  mailboxOf(subscriber) ?? `tel:${normalizeIsraeliMobile(subscriber.phone) ?? subscriber.phone}`;

import { normalizeIsraeliMobile } from '@shared/domain/phone';
import { isNotNull } from 'drizzle-orm';
import { alertSubscribers } from '../../db/schema';

/**
 * A subscriber who gave a mobile phone only has no mailbox: their e-mail is null (decision 0021), so no address
 * typed into a form ever finds them (one subscriber per address; nulls are distinct), and nothing is mailed.
 */
export const isPhoneOnly = (subscriber: { email: string | null }) => subscriber.email === null;

/** The subscriber's address, or null when they gave a phone only. */
export const mailboxOf = (subscriber: { email: string | null }): string | null => subscriber.email;

/** Rows of subscribers who have an address. */
export const hasMailbox = isNotNull(alertSubscribers.email);

/**
 * What the consent log hashes: the address, or the phone's normalized form for a phone-only subscriber (proof
 * of consent for that number, kept after deletion without the number itself).
 */
export const consentKeyOf = (subscriber: { email: string | null; phone: string }) =>
  mailboxOf(subscriber) ?? `tel:${normalizeIsraeliMobile(subscriber.phone) ?? subscriber.phone}`;

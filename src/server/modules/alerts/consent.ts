import { alertConsentLog } from '../../db/schema';
import type { Transaction } from '../mail';
import { emailHash } from './tokens';

export type ConsentEvent = 'consent' | 'confirm' | 'unsubscribe' | 'delete';

/** One line of the consent log: what happened, when, from which IP, and (on consent) the exact wording. */
export async function logConsent(
  tx: Transaction,
  entry: {
    subscriberId: string | null;
    /** The address, or a phone-only subscriber's number (consentKeyOf): only its hash is kept. */
    key: string;
    event: ConsentEvent;
    ip: string | null;
    wording?: string;
  },
) {
  await tx.insert(alertConsentLog).values({
    subscriberId: entry.subscriberId,
    emailHash: emailHash(entry.key),
    event: entry.event,
    wording: entry.wording ?? null,
    ip: entry.ip,
  });
}

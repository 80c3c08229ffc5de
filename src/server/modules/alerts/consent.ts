import { alertConsentLog } from '../../db/schema';
import type { Transaction } from '../mail/outbox';
import { emailHash } from './tokens';

export type ConsentEvent = 'consent' | 'confirm' | 'unsubscribe' | 'delete';

/** One line of the consent log: what happened, when, from which IP, and (on consent) the exact wording. */
export async function logConsent(
  tx: Transaction,
  entry: {
    subscriberId: string | null;
    email: string;
    event: ConsentEvent;
    ip: string | null;
    wording?: string;
  },
) {
  await tx.insert(alertConsentLog).values({
    subscriberId: entry.subscriberId,
    emailHash: emailHash(entry.email),
    event: entry.event,
    wording: entry.wording ?? null,
    ip: entry.ip,
  });
}

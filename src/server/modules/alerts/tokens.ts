import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { alertSubscribers, alertTokens } from '../../db/schema';
import type { Transaction } from '../mail';

export type TokenPurpose = 'access' | 'unsubscribe';

/** 32 random bytes, base64url: the secret of a private or unsubscribe link. Only its hash is stored. */
const newToken = () => randomBytes(32).toString('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A one-way hash of an address, kept in the consent log after the subscriber is deleted. */
export const emailHash = (email: string) => createHash('sha256').update(`alerts:${email}`).digest('hex');

/** A fresh token of the subscriber for a purpose; returns the token itself (to be mailed, never stored). */
export async function issueToken(
  tx: Database | Transaction,
  subscriberId: string,
  purpose: TokenPurpose,
): Promise<string> {
  const token = newToken();
  await tx.insert(alertTokens).values({ subscriberId, purpose, tokenHash: hashOf(token) });
  return token;
}

/** The subscriber a live token of the purpose belongs to; null for an unknown, revoked or malformed token. */
export async function subscriberOfToken(db: Database | Transaction, token: string, purpose: TokenPurpose) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ subscriber: alertSubscribers })
    .from(alertTokens)
    .innerJoin(alertSubscribers, eq(alertSubscribers.id, alertTokens.subscriberId))
    .where(
      and(
        eq(alertTokens.tokenHash, hashOf(token)),
        eq(alertTokens.purpose, purpose),
        isNull(alertTokens.revokedAt),
      ),
    )
    .limit(1);
  return row?.subscriber ?? null;
}

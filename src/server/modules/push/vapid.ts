import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Database } from '../../db/client';
import { pushVapidKeys } from '../../db/schema';
import type { Env } from '../../env';

export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The server's VAPID pair: the environment's when set (several servers, one pair), else the one kept in the
 * database, made at the first call. Two processes starting at once both try to insert row 1; one wins and
 * both read the winner's pair, so every process signs with the same key.
 */
export async function loadVapidKeys(
  db: Database,
  env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY'>,
): Promise<VapidKeys> {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  }
  const stored = await readStored(db);
  if (stored) return stored;
  const fresh = webpush.generateVAPIDKeys();
  await db
    .insert(pushVapidKeys)
    .values({ id: 1, ...fresh })
    .onConflictDoNothing();
  return (await readStored(db))!;
}

async function readStored(db: Database): Promise<VapidKeys | undefined> {
  const [row] = await db
    .select({ publicKey: pushVapidKeys.publicKey, privateKey: pushVapidKeys.privateKey })
    .from(pushVapidKeys)
    .where(eq(pushVapidKeys.id, 1));
  return row;
}

/** The VAPID `sub` claim: the configured one, else the site's https origin, else the agency's e-mail. */
export function vapidSubject(env: Pick<Env, 'VAPID_SUBJECT' | 'APP_ORIGIN'>, agencyEmail: string): string {
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT;
  if (env.APP_ORIGIN.startsWith('https://')) return env.APP_ORIGIN;
  return `mailto:${agencyEmail}`;
}

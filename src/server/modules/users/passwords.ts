import { hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

// argon2id (the library's default algorithm) with OWASP's recommended minimum cost.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

/** A bcrypt hash imported from the earlier app (docs/migrating.md); replaced by argon2id at the next sign-in. */
export const isLegacyHash = (passwordHash: string) => /^\$2[aby]\$/.test(passwordHash);

/**
 * The highest bcrypt cost a sign-in will run (decision 0009): cost 12 takes about a quarter of a second in
 * bcryptjs, and each step up doubles it, so one stored hash of cost 31 would hold a sign-in for days.
 */
export const MAX_BCRYPT_COST = 12;

/** The cost (log2 of the rounds) a bcrypt hash names, or null when it names none. */
export function bcryptCost(passwordHash: string): number | null {
  const match = /^\$2[aby]\$(\d{2})\$/.exec(passwordHash);
  return match ? Number(match[1]) : null;
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    if (isLegacyHash(passwordHash)) {
      const cost = bcryptCost(passwordHash);
      // Refused without running bcrypt; an argon2 check on a dummy spends the usual time instead.
      if (cost === null || cost > MAX_BCRYPT_COST) {
        await burnPasswordCheck(password);
        return false;
      }
      return await bcrypt.compare(password, passwordHash);
    }
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check when the e-mail is unknown, so timing does not reveal accounts. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
}

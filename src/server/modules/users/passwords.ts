import { hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

// argon2id (the library's default algorithm) with OWASP's recommended minimum cost.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

/** A bcrypt hash imported from the earlier app (docs/migrating.md); replaced by argon2id at the next sign-in. */
export const isLegacyHash = (passwordHash: string) => /^\$2[aby]\$/.test(passwordHash);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    if (isLegacyHash(passwordHash)) return await bcrypt.compare(password, passwordHash);
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

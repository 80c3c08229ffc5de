import bcrypt from 'bcryptjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bcryptCost, MAX_BCRYPT_COST, verifyPassword } from './passwords';

/** A well-formed bcrypt hash of any cost (its salt and digest are made up: it matches no password). */
const fakeHash = (cost: number) => `$2b$${String(cost).padStart(2, '0')}$${'a'.repeat(53)}`;

afterEach(() => vi.restoreAllMocks());

describe('verifyPassword and imported bcrypt hashes', () => {
  it('reads the cost a bcrypt hash names', () => {
    expect(bcryptCost(fakeHash(8))).toBe(8);
    expect(bcryptCost(`$2a$31$${'b'.repeat(53)}`)).toBe(31);
    expect(bcryptCost('$argon2id$v=19$m=19456,t=2,p=1$abc$def')).toBeNull();
  });

  it('checks a hash of cost up to 12 with bcrypt', async () => {
    const hash = bcrypt.hashSync('old-secret-1', 4);
    expect(await verifyPassword(hash, 'old-secret-1')).toBe(true);
    expect(await verifyPassword(hash, 'old-secret-2')).toBe(false);
    const compare = vi.spyOn(bcrypt, 'compare').mockResolvedValue(false as never);
    await verifyPassword(fakeHash(MAX_BCRYPT_COST), 'anything');
    expect(compare).toHaveBeenCalledTimes(1);
  });

  it('refuses a hash of cost above 12 quickly, without running bcrypt', async () => {
    const compare = vi.spyOn(bcrypt, 'compare');
    for (const cost of [MAX_BCRYPT_COST + 1, 20, 31]) {
      const started = performance.now();
      expect(await verifyPassword(fakeHash(cost), 'anything')).toBe(false);
      expect(performance.now() - started).toBeLessThan(2_000);
    }
    // A correct password is refused too: the hash is never run.
    const real13 = `$2b$13$${bcrypt.hashSync('old-secret-1', 4).slice(7)}`;
    expect(await verifyPassword(real13, 'old-secret-1')).toBe(false);
    expect(compare).not.toHaveBeenCalled();
  });
});

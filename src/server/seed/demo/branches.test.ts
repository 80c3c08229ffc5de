import { worksAsAgent } from '@shared/domain/roles';
import { createBranchSchema } from '@shared/schemas/branch';
import { describe, expect, it } from 'vitest';
import { DEMO_BRANCHES } from './branches';
import { demoListings } from './listings';
import { DEMO_PEOPLE } from './people';

describe('the demo network', () => {
  it('has three branches, each passing the rules a branch entered through the API must pass', () => {
    const all = Object.values(DEMO_BRANCHES);
    expect(all.map((b) => b.slug)).toEqual(['tel-aviv', 'herzliya', 'haifa']);
    for (const { cities: _cities, ...branch } of all) {
      const result = createBranchSchema.safeParse(branch);
      expect(result.error?.issues ?? [], branch.name).toEqual([]);
    }
  });

  it('covers every city of the demo listings with exactly one branch, and each branch has its own agent', () => {
    const cities = new Set(demoListings().map((listing) => listing.city));
    for (const city of cities)
      expect(Object.values(DEMO_BRANCHES).filter((b) => b.cities.includes(city)).length, city).toBe(1);
    for (const key of Object.keys(DEMO_BRANCHES))
      expect(
        DEMO_PEOPLE.some((p) => p.branch === key && worksAsAgent(p)),
        key,
      ).toBe(true);
  });

  it('the network CEO sees every branch; the Haifa franchisee manages Haifa only', () => {
    const byEmail = (email: string) => DEMO_PEOPLE.find((p) => p.email === email)!;
    expect(byEmail('network@example.com')).toMatchObject({ role: 'admin', networkAccess: true });
    expect(byEmail('haifa@example.com')).toMatchObject({ role: 'admin', branch: 'haifa' });
    expect(byEmail('haifa@example.com').networkAccess).toBeFalsy();
    // Only admins can hold network access.
    expect(DEMO_PEOPLE.filter((p) => p.networkAccess).every((p) => p.role === 'admin')).toBe(true);
  });
});

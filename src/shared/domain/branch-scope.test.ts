import { describe, expect, it } from 'vitest';
import { branchScopeOf, hasNetworkAccess, seesBranch } from './branch-scope';

const HAIFA = 'b-haifa';
const TEL_AVIV = 'b-tel-aviv';

describe('branchScopeOf', () => {
  it('gives an admin with network access every branch', () => {
    const scope = branchScopeOf({ role: 'admin', networkAccess: true, branchId: TEL_AVIV });
    expect(scope).toEqual({ all: true });
    expect(seesBranch(scope, HAIFA)).toBe(true);
  });

  it('keeps an admin without it (a franchisee) in their branch', () => {
    const scope = branchScopeOf({ role: 'admin', networkAccess: false, branchId: HAIFA });
    expect(seesBranch(scope, HAIFA)).toBe(true);
    expect(seesBranch(scope, TEL_AVIV)).toBe(false);
  });

  it('never gives an agent the network, even when the flag is set', () => {
    expect(hasNetworkAccess({ role: 'agent', networkAccess: true })).toBe(false);
    const scope = branchScopeOf({ role: 'agent', networkAccess: true, branchId: HAIFA });
    expect(seesBranch(scope, TEL_AVIV)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { COMPANY_ROLES } from './roles';
import {
  DEFAULT_ROUTING_RULES,
  isOnLeave,
  nextInRotation,
  type RoutingCandidate,
  type RoutingInput,
  roundRobinPool,
  routeLead,
} from './routing';

const today = '2026-12-01';
const person = (id: string, name: string, over: Partial<RoutingCandidate> = {}): RoutingCandidate => ({
  id,
  name,
  role: 'agent',
  companyRole: null,
  active: true,
  takesLeads: true,
  leaveFrom: null,
  leaveUntil: null,
  ...over,
});
const dana = person('a1', 'דנה');
const yossi = person('a2', 'יוסי');
const rina = person('a3', 'רינה');
const manager = person('m1', 'מיכל', { role: 'admin', companyRole: COMPANY_ROLES.officeManager });
const ceo = person('c1', 'אבי', { role: 'admin', companyRole: COMPANY_ROLES.ceoFounder });
const consultant = person('a4', 'טל', { role: 'admin', companyRole: COMPANY_ROLES.leadingConsultant });

const route = (over: Partial<RoutingInput>) =>
  routeLead({
    rules: DEFAULT_ROUTING_RULES,
    today,
    candidates: [dana, yossi, rina, manager, ceo],
    lastRoundRobinId: null,
    ...over,
  });

describe('the property agents', () => {
  it('gives an inquiry to the property main agent', () => {
    expect(route({ propertyAgentId: 'a2', secondAgentId: 'a3' })).toEqual({
      ownerId: 'a2',
      rule: 'propertyAgent',
      reason: 'הסוכן של הנכס',
      roundRobinId: null,
    });
  });

  it('goes to the second agent while the main one is on leave, and says so', () => {
    const onLeave = { ...yossi, leaveFrom: '2026-11-28', leaveUntil: '2026-12-12' };
    const result = route({
      candidates: [dana, onLeave, rina, manager],
      propertyAgentId: 'a2',
      secondAgentId: 'a3',
    });
    expect(result.ownerId).toBe('a3');
    expect(result.rule).toBe('secondAgent');
    expect(result.reason).toBe('הסוכן של הנכס בחופשה עד 12.12, הועבר לרינה (הסוכן השני של הנכס)');
  });

  it('skips an inactive main agent, and with no second agent goes on to the round robin', () => {
    const gone = { ...yossi, active: false };
    const result = route({ candidates: [dana, gone, rina, manager], propertyAgentId: 'a2' });
    expect(result).toMatchObject({ ownerId: 'a1', rule: 'roundRobin', roundRobinId: 'a1' });
    expect(result.reason).toBe('הסוכן של הנכס אינו פעיל, הועבר לדנה (סבב: הבא בתור)');
  });

  it('names a person once: the same inactive agent as main and second agent is skipped once', () => {
    const gone = { ...yossi, active: false };
    const result = route({ candidates: [dana, gone, manager], propertyAgentId: 'a2', secondAgentId: 'a2' });
    expect(result.reason).toBe('הסוכן של הנכס אינו פעיל, הועבר לדנה (סבב: הבא בתור)');
  });

  it('goes on past a property agent who is no longer a user', () => {
    const result = route({ candidates: [dana, manager], propertyAgentId: 'deleted', secondAgentId: 'a1' });
    expect(result).toMatchObject({ ownerId: 'a1', rule: 'secondAgent', reason: 'הסוכן השני של הנכס' });
  });

  it('names a property agent who does not take round-robin leads (the switch is for the round robin)', () => {
    expect(route({ candidates: [{ ...dana, takesLeads: false }], propertyAgentId: 'a1' }).ownerId).toBe('a1');
  });

  it('follows the admin order: without the property rules an inquiry goes round', () => {
    const result = route({ rules: ['roundRobin'], propertyAgentId: 'a2' });
    expect(result).toMatchObject({ ownerId: 'a1', rule: 'roundRobin' });
  });
});

describe('leave dates', () => {
  it('cover both their first and their last day, and nothing outside them', () => {
    const leave = { leaveFrom: '2026-12-01', leaveUntil: '2026-12-12' };
    expect(isOnLeave(leave, '2026-11-30')).toBe(false);
    expect(isOnLeave(leave, '2026-12-01')).toBe(true);
    expect(isOnLeave(leave, '2026-12-12')).toBe(true);
    expect(isOnLeave(leave, '2026-12-13')).toBe(false);
    expect(isOnLeave({ leaveFrom: null, leaveUntil: '2026-12-12' }, '2026-06-01')).toBe(true);
    expect(isOnLeave({ leaveFrom: '2026-12-01', leaveUntil: null }, '2026-12-05')).toBe(false);
  });
});

describe('the city map for sellers', () => {
  it('gives a valuation request to the agent of its city', () => {
    expect(route({ city: 'חיפה', cityAgentId: 'a3' })).toMatchObject({
      ownerId: 'a3',
      rule: 'cityAgent',
      reason: 'הסוכן של העיר חיפה',
    });
  });
  it('goes round when the city has no agent', () => {
    expect(route({ city: 'עכו', cityAgentId: null }).rule).toBe('roundRobin');
  });
});

describe('the contact owner', () => {
  it('keeps a returning contact with the agent who already handles it', () => {
    expect(route({ contactOwnerId: 'a3' })).toMatchObject({ ownerId: 'a3', rule: 'contactOwner' });
  });
  it('comes after the property agents in the default order', () => {
    expect(route({ contactOwnerId: 'a3', propertyAgentId: 'a1' }).ownerId).toBe('a1');
  });
});

describe('the round robin', () => {
  it('takes turns in a fixed order and wraps around', () => {
    const order: string[] = [];
    let last: string | null = null;
    for (let i = 0; i < 5; i += 1) {
      const result = route({ lastRoundRobinId: last });
      order.push(result.ownerId!);
      last = result.roundRobinId;
    }
    expect(order).toEqual(['a1', 'a2', 'a3', 'a1', 'a2']);
  });

  it('orders the rotation by id whatever the order the candidates come in', () => {
    const candidates = [rina, manager, yossi, dana];
    expect(roundRobinPool(candidates, today).map((c) => c.id)).toEqual(['a1', 'a2', 'a3']);
    expect(route({ candidates, lastRoundRobinId: null }).ownerId).toBe('a1');
  });

  it('continues from the stored position (after a restart, or in another process)', () => {
    expect(route({ lastRoundRobinId: 'a2' }).ownerId).toBe('a3');
    expect(route({ lastRoundRobinId: 'a3' }).ownerId).toBe('a1');
  });

  it('goes on past someone who left the rotation since the last lead', () => {
    const candidates = [dana, { ...yossi, takesLeads: false }, rina, manager];
    expect(route({ candidates, lastRoundRobinId: 'a1' }).ownerId).toBe('a3');
    expect(route({ candidates, lastRoundRobinId: 'a2' }).ownerId).toBe('a3');
  });

  it('skips agents on leave, inactive agents and those who switched leads off', () => {
    const pool = roundRobinPool(
      [
        { ...dana, leaveUntil: '2026-12-01' },
        { ...yossi, active: false },
        { ...rina, takesLeads: false },
        person('a9', 'עמית'),
      ],
      today,
    );
    expect(pool.map((c) => c.id)).toEqual(['a9']);
  });

  it('never includes a pure admin, but includes an admin who works as an agent', () => {
    const pool = roundRobinPool([manager, ceo, consultant, dana], today);
    expect(pool.map((c) => c.id)).toEqual(['a1', 'a4']);
  });

  it('is empty-safe', () => {
    expect(nextInRotation([], 'x')).toBeNull();
    expect(nextInRotation([{ id: 'b' }], 'z')).toEqual({ id: 'b' });
  });
});

describe('the fallback', () => {
  it('goes to the office manager when no agent is available', () => {
    const result = route({ candidates: [{ ...dana, takesLeads: false }, manager, ceo] });
    expect(result).toMatchObject({
      ownerId: 'm1',
      rule: 'fallback',
      reason: 'אין סוכן זמין: הועבר לניהול המשרד',
    });
  });

  it('goes to an admin when the office manager is away', () => {
    const away = { ...manager, leaveUntil: '2026-12-31' };
    expect(route({ candidates: [away, ceo] }).ownerId).toBe('c1');
  });

  it('without an office manager, goes to an admin, not to an agent out of the rotation', () => {
    const outOfRotation = { ...dana, takesLeads: false };
    const admin = person('c2', 'רון', { role: 'admin' });
    expect(route({ candidates: [outOfRotation, admin] }).ownerId).toBe('c2');
  });

  it('between two admins, takes the first by Hebrew name, whatever their order', () => {
    const tamar = person('c3', 'תמר', { role: 'admin' });
    const avi = person('c4', 'אבי', { role: 'admin' });
    expect(route({ candidates: [tamar, avi] }).ownerId).toBe('c4');
    expect(route({ candidates: [avi, tamar] }).ownerId).toBe('c4');
  });

  it('leaves the lead waiting, and says so, when there is nobody at all', () => {
    expect(route({ candidates: [] })).toEqual({
      ownerId: null,
      rule: 'none',
      reason: 'אין למי להעביר: הליד ממתין לשיוך',
      roundRobinId: null,
    });
  });

  it('lists every skip on the way', () => {
    const candidates = [{ ...dana, active: false }, { ...yossi, leaveUntil: '2026-12-12' }, manager];
    const result = route({
      rules: ['propertyAgent', 'secondAgent'],
      candidates,
      propertyAgentId: 'a1',
      secondAgentId: 'a2',
    });
    expect(result.reason).toBe(
      'הסוכן של הנכס אינו פעיל; הסוכן השני של הנכס בחופשה עד 12.12, הועבר למיכל (אין סוכן זמין: הועבר לניהול המשרד)',
    );
  });
});

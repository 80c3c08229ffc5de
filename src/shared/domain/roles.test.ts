import { describe, expect, it } from 'vitest';
import { COMPANY_ROLES, isPropertyAgentChoice, isPureAdmin, sortByCompanyRole, worksAsAgent } from './roles';

describe('role predicates', () => {
  it('a plain admin is a pure admin', () => {
    expect(isPureAdmin({ role: 'admin', companyRole: null })).toBe(true);
    expect(isPureAdmin({ role: 'admin', companyRole: COMPANY_ROLES.ceoFounder })).toBe(true);
  });
  it('an admin who is a leading consultant or CTO manager works as an agent', () => {
    expect(isPureAdmin({ role: 'admin', companyRole: COMPANY_ROLES.leadingConsultant })).toBe(false);
    expect(isPureAdmin({ role: 'admin', companyRole: COMPANY_ROLES.ctoManager })).toBe(false);
    expect(worksAsAgent({ role: 'admin', companyRole: COMPANY_ROLES.ctoManager })).toBe(true);
  });
  it('an agent is never a pure admin', () => {
    expect(isPureAdmin({ role: 'agent' })).toBe(false);
  });
  it('property agent choices: role agent or leading consultant', () => {
    expect(isPropertyAgentChoice({ role: 'agent' })).toBe(true);
    expect(isPropertyAgentChoice({ role: 'admin', companyRole: COMPANY_ROLES.leadingConsultant })).toBe(true);
    expect(isPropertyAgentChoice({ role: 'admin', companyRole: COMPANY_ROLES.ctoManager })).toBe(false);
  });
});

describe('sortByCompanyRole', () => {
  it('orders known roles as the spec lists them, others last', () => {
    const sorted = sortByCompanyRole([
      { name: 'ג', companyRole: 'אחר' },
      { name: 'ב', companyRole: COMPANY_ROLES.leadingConsultant },
      { name: 'א', companyRole: COMPANY_ROLES.ceoFounder },
      { name: 'ד', companyRole: COMPANY_ROLES.officeManager },
    ]);
    expect(sorted.map((u) => u.name)).toEqual(['א', 'ד', 'ב', 'ג']);
  });
});

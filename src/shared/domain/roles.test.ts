import { describe, expect, it } from 'vitest';
import {
  COMPANY_ROLE_TITLES,
  COMPANY_ROLES,
  companyRoleOf,
  companyRoleRank,
  companyRoleTitle,
  FEMININE_COMPANY_ROLES,
  genderOfTitle,
  isPureAdmin,
  mayActFor,
  publicPhone,
  roleLabel,
  shownOnSiteByDefault,
  sortByCompanyRole,
  titlesOf,
  worksAsAgent,
} from './roles';

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
  it('who does agent work: role agent, or an admin leading consultant or CTO manager', () => {
    expect(worksAsAgent({ role: 'agent', companyRole: null })).toBe(true);
    expect(worksAsAgent({ role: 'agent', companyRole: COMPANY_ROLES.officeManager })).toBe(true);
    expect(worksAsAgent({ role: 'admin', companyRole: COMPANY_ROLES.leadingConsultant })).toBe(true);
    expect(worksAsAgent({ role: 'admin', companyRole: COMPANY_ROLES.officeManager })).toBe(false);
    expect(worksAsAgent({ role: 'admin' })).toBe(false);
  });
});

describe('mayActFor', () => {
  const agent = { id: 'a', role: 'agent' as const, companyRole: null };
  const other = { id: 'b', role: 'agent' as const, companyRole: null };
  const cto = { id: 'c', role: 'admin' as const, companyRole: COMPANY_ROLES.ctoManager };
  const pure = { id: 'd', role: 'admin' as const, companyRole: COMPANY_ROLES.ceoFounder };
  it('an agent acts on itself only', () => {
    expect(mayActFor(agent, agent)).toBe(true);
    expect(mayActFor(agent, other)).toBe(false);
    expect(mayActFor(agent, cto)).toBe(false);
  });
  it('an admin acts on anyone who does agent work, itself included when it does', () => {
    expect(mayActFor(pure, agent)).toBe(true);
    expect(mayActFor(pure, cto)).toBe(true);
    expect(mayActFor(cto, cto)).toBe(true);
    expect(mayActFor(cto, pure)).toBe(false);
    expect(mayActFor(pure, pure)).toBe(false);
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

describe('feminine titles', () => {
  const consultant = FEMININE_COMPANY_ROLES[COMPANY_ROLES.leadingConsultant]!;
  it('stand for their role in every rule', () => {
    expect(consultant).toBe('יועצת נדל"ן מובילה');
    expect(companyRoleOf(consultant)).toBe(COMPANY_ROLES.leadingConsultant);
    expect(companyRoleOf('סוכנת')).toBe('סוכנת');
    expect(worksAsAgent({ role: 'admin', companyRole: consultant })).toBe(true);
    expect(
      worksAsAgent({ role: 'admin', companyRole: FEMININE_COMPANY_ROLES[COMPANY_ROLES.ctoManager] }),
    ).toBe(true);
    expect(
      isPureAdmin({ role: 'admin', companyRole: FEMININE_COMPANY_ROLES[COMPANY_ROLES.networkCeo] }),
    ).toBe(true);
  });
  it('sort with their role in the team grid', () => {
    const sorted = sortByCompanyRole([
      { name: 'א', companyRole: consultant },
      { name: 'ב', companyRole: FEMININE_COMPANY_ROLES[COMPANY_ROLES.ceoFounder]! },
      { name: 'ג', companyRole: COMPANY_ROLES.officeManager },
    ]);
    expect(sorted.map((u) => u.name)).toEqual(['ב', 'ג', 'א']);
  });
  it('are queried and suggested with the masculine ones', () => {
    expect(titlesOf(COMPANY_ROLES.leadingConsultant, COMPANY_ROLES.officeManager)).toEqual([
      COMPANY_ROLES.leadingConsultant,
      consultant,
      COMPANY_ROLES.officeManager,
      'מנהל משרד',
    ]);
    expect(titlesOf('תפקיד אחר')).toEqual(['תפקיד אחר']);
    expect(COMPANY_ROLE_TITLES).toContain('מנכ"לית הרשת');
  });
});

describe('shownOnSiteByDefault', () => {
  it('shows those who do agent work, not the CEO, office managers or bare system accounts', () => {
    expect(shownOnSiteByDefault({ role: 'agent', companyRole: null })).toBe(true);
    expect(shownOnSiteByDefault({ role: 'admin', companyRole: COMPANY_ROLES.leadingConsultant })).toBe(true);
    expect(shownOnSiteByDefault({ role: 'admin', companyRole: 'יועצת נדל"ן מובילה' })).toBe(true);
    expect(shownOnSiteByDefault({ role: 'admin', companyRole: COMPANY_ROLES.officeManager })).toBe(false);
    expect(shownOnSiteByDefault({ role: 'admin', companyRole: COMPANY_ROLES.ceoFounder })).toBe(false);
    expect(shownOnSiteByDefault({ role: 'admin', companyRole: null })).toBe(false);
  });
});

describe('publicPhone', () => {
  it("shows the person's own phone only when chosen and present, else the office's", () => {
    expect(publicPhone({ phoneNumber: '052-111-2222', showPhone: true }, '04-555-1234')).toEqual({
      phone: '052-111-2222',
      office: false,
    });
    expect(publicPhone({ phoneNumber: '052-111-2222', showPhone: false }, '04-555-1234')).toEqual({
      phone: '04-555-1234',
      office: true,
    });
    expect(publicPhone({ phoneNumber: '', showPhone: true }, '04-555-1234')).toEqual({
      phone: '04-555-1234',
      office: true,
    });
    expect(publicPhone({ phoneNumber: '052-111-2222', showPhone: false }, '')).toEqual({
      phone: '',
      office: true,
    });
  });
});

describe('companyRoleRank', () => {
  it('ranks the known roles in the grid order, either form of a title alike, others last', () => {
    expect(companyRoleRank(COMPANY_ROLES.ceoFounder)).toBe(0);
    expect(companyRoleRank(COMPANY_ROLES.leadingConsultant)).toBe(5);
    expect(companyRoleRank(COMPANY_ROLES.officeManager)).toBe(2);
    expect(companyRoleRank(FEMININE_COMPANY_ROLES[COMPANY_ROLES.ctoManager])).toBe(3);
    expect(companyRoleRank('תפקיד אחר')).toBe(6);
    expect(companyRoleRank(null)).toBe(6);
    expect(companyRoleRank(undefined)).toBe(6);
  });
});

describe("titles and role names in the holder's gender", () => {
  it("shows a known title in the person's form, whichever form was typed", () => {
    expect(companyRoleTitle(COMPANY_ROLES.leadingConsultant, 'female')).toBe('יועצת נדל"ן מובילה');
    expect(companyRoleTitle('יועצת נדל"ן מובילה', 'male')).toBe(COMPANY_ROLES.leadingConsultant);
    expect(companyRoleTitle(COMPANY_ROLES.officeManager, 'male')).toBe('מנהל משרד');
    expect(companyRoleTitle('מנהל משרד', 'female')).toBe(COMPANY_ROLES.officeManager);
    expect(companyRoleTitle(COMPANY_ROLES.ceoFounder, 'female')).toBe('מנכ"לית ומייסדת');
    expect(companyRoleTitle(COMPANY_ROLES.ceoFounder, null)).toBe(COMPANY_ROLES.ceoFounder);
  });
  it('keeps any other title as written, and no title as none', () => {
    expect(companyRoleTitle('שמאית מקרקעין', 'male')).toBe('שמאית מקרקעין');
    expect(companyRoleTitle(null, 'female')).toBeNull();
    expect(companyRoleTitle('', 'female')).toBeNull();
  });
  it('counts the masculine form of office manager as its role', () => {
    expect(companyRoleOf('מנהל משרד')).toBe(COMPANY_ROLES.officeManager);
    expect(companyRoleRank('מנהל משרד')).toBe(2);
  });
  it('reads the gender a known title is written in', () => {
    expect(genderOfTitle('יועצת נדל"ן מובילה')).toBe('female');
    expect(genderOfTitle(COMPANY_ROLES.officeManager)).toBe('female');
    expect(genderOfTitle(COMPANY_ROLES.haifaFranchisee)).toBe('male');
    expect(genderOfTitle('מנהל משרד')).toBe('male');
    expect(genderOfTitle('סוכנת')).toBeNull();
    expect(genderOfTitle(null)).toBeNull();
  });
  it("names the role in its holder's gender", () => {
    expect(roleLabel('agent', 'female')).toBe('סוכנת');
    expect(roleLabel('agent', 'male')).toBe('סוכן');
    expect(roleLabel('admin', 'female')).toBe('מנהלת');
    expect(roleLabel('admin', undefined)).toBe('מנהל');
  });
});

export const ROLES = ['admin', 'agent'] as const;
export type Role = (typeof ROLES)[number];

/** companyRole values seen in the agency, in the display order of the agent grid (SPEC section 9). */
export const COMPANY_ROLES = {
  ceoFounder: 'מנכ"ל ומייסד',
  networkCeo: 'מנכ"ל הרשת',
  officeManager: 'מנהלת משרד',
  ctoManager: 'מנהל טכנולוגיות (CTO)',
  haifaFranchisee: 'זכיין סניף חיפה',
  leadingConsultant: 'יועץ נדל"ן מוביל',
} as const;

export const COMPANY_ROLE_ORDER: readonly string[] = [
  COMPANY_ROLES.ceoFounder,
  COMPANY_ROLES.networkCeo,
  COMPANY_ROLES.officeManager,
  COMPANY_ROLES.ctoManager,
  COMPANY_ROLES.haifaFranchisee,
  COMPANY_ROLES.leadingConsultant,
];

export const ROLE_LABELS: Record<Role, string> = { admin: 'מנהל', agent: 'סוכן' };

type RoleHolder = { role: Role; companyRole?: string | null };

/** Admins whose companyRole is leading consultant or CTO manager also work as agents. */
export function worksAsAgent(user: RoleHolder): boolean {
  return (
    user.role === 'agent' ||
    user.companyRole === COMPANY_ROLES.leadingConsultant ||
    user.companyRole === COMPANY_ROLES.ctoManager
  );
}

/** SPEC section 2: an admin without the companyRole leading real-estate consultant or CTO manager. */
export function isPureAdmin(user: RoleHolder): boolean {
  return user.role === 'admin' && !worksAsAgent(user);
}

/** Agent choice list of the new-property form: role agent or companyRole leading consultant. */
export function isPropertyAgentChoice(user: RoleHolder): boolean {
  return user.role === 'agent' || user.companyRole === COMPANY_ROLES.leadingConsultant;
}

/** Rank for sorting the agent grid: known roles in order, others last. */
export function companyRoleRank(companyRole?: string | null): number {
  const index = companyRole ? COMPANY_ROLE_ORDER.indexOf(companyRole) : -1;
  return index === -1 ? COMPANY_ROLE_ORDER.length : index;
}

export function sortByCompanyRole<T extends { companyRole?: string | null; name: string }>(users: T[]): T[] {
  return [...users].sort(
    (a, b) =>
      companyRoleRank(a.companyRole) - companyRoleRank(b.companyRole) || a.name.localeCompare(b.name, 'he'),
  );
}

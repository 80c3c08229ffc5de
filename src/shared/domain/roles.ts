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

/**
 * The same titles as a woman holds them ('office manager' is already written in the feminine). Each counts as
 * its role everywhere: who does agent work, the order of the team grid.
 */
export const FEMININE_COMPANY_ROLES: Readonly<Record<string, string>> = {
  [COMPANY_ROLES.ceoFounder]: 'מנכ"לית ומייסדת',
  [COMPANY_ROLES.networkCeo]: 'מנכ"לית הרשת',
  [COMPANY_ROLES.ctoManager]: 'מנהלת טכנולוגיות (CTO)',
  [COMPANY_ROLES.haifaFranchisee]: 'זכיינית סניף חיפה',
  [COMPANY_ROLES.leadingConsultant]: 'יועצת נדל"ן מובילה',
};
const ROLE_OF_FEMININE = new Map(
  Object.entries(FEMININE_COMPANY_ROLES).map(([role, title]) => [title, role]),
);

/** The role a companyRole title stands for: the title itself, or the role whose feminine form it is. */
export const companyRoleOf = (title?: string | null): string | null =>
  title ? (ROLE_OF_FEMININE.get(title) ?? title) : null;

/** Every title that stands for one of these roles, both forms (for database queries). */
export const titlesOf = (...roles: string[]): string[] =>
  roles.flatMap((role) => [role, ...(FEMININE_COMPANY_ROLES[role] ? [FEMININE_COMPANY_ROLES[role]] : [])]);

/** Both forms of every known title, in the grid's order: the suggestions of the user form. */
export const COMPANY_ROLE_TITLES: readonly string[] = titlesOf(...COMPANY_ROLE_ORDER);

export const ROLE_LABELS: Record<Role, string> = { admin: 'מנהל', agent: 'סוכן' };

type RoleHolder = { role: Role; companyRole?: string | null };

/**
 * Who does agent work: role agent, or an admin whose companyRole is leading real-estate consultant or CTO
 * manager. The one rule behind the scoreboard, every performance table, the agents overview, the property
 * agent lists and whom an admin may act for.
 */
export function worksAsAgent(user: RoleHolder): boolean {
  return (
    user.role === 'agent' ||
    companyRoleOf(user.companyRole) === COMPANY_ROLES.leadingConsultant ||
    companyRoleOf(user.companyRole) === COMPANY_ROLES.ctoManager
  );
}

/** SPEC section 2: an admin without the companyRole leading real-estate consultant or CTO manager. */
export function isPureAdmin(user: RoleHolder): boolean {
  return user.role === 'admin' && !worksAsAgent(user);
}

/**
 * Who appears in the public team (the agent grid, the sitemap, the agent pages): agents, and admins who
 * hold a company role (not bare system accounts).
 */
export function isTeamMember(user: RoleHolder): boolean {
  return user.role === 'agent' || Boolean(user.companyRole);
}

/**
 * Whom a signed-in user may act for (indicators, goals, reports, performance): an agent only itself, an
 * admin anyone who does agent work.
 */
export function mayActFor(actor: { id: string; role: Role }, target: RoleHolder & { id: string }): boolean {
  if (actor.id === target.id) return actor.role === 'agent' || worksAsAgent(target);
  return actor.role === 'admin' && worksAsAgent(target);
}

/** Rank for sorting the agent grid: known roles in order, others last. */
export function companyRoleRank(companyRole?: string | null): number {
  const role = companyRoleOf(companyRole);
  const index = role ? COMPANY_ROLE_ORDER.indexOf(role) : -1;
  return index === -1 ? COMPANY_ROLE_ORDER.length : index;
}

export function sortByCompanyRole<T extends { companyRole?: string | null; name: string }>(users: T[]): T[] {
  return [...users].sort(
    (a, b) =>
      companyRoleRank(a.companyRole) - companyRoleRank(b.companyRole) || a.name.localeCompare(b.name, 'he'),
  );
}

import { type Gender, type GenderedForms, gendered } from './gender';

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

/** Each title as a man and as a woman holds it; either form counts as its role everywhere. */
export const COMPANY_ROLE_FORMS: Readonly<Record<string, GenderedForms>> = {
  [COMPANY_ROLES.ceoFounder]: { male: COMPANY_ROLES.ceoFounder, female: 'מנכ"לית ומייסדת' },
  [COMPANY_ROLES.networkCeo]: { male: COMPANY_ROLES.networkCeo, female: 'מנכ"לית הרשת' },
  [COMPANY_ROLES.officeManager]: { male: 'מנהל משרד', female: COMPANY_ROLES.officeManager },
  [COMPANY_ROLES.ctoManager]: { male: COMPANY_ROLES.ctoManager, female: 'מנהלת טכנולוגיות (CTO)' },
  [COMPANY_ROLES.haifaFranchisee]: { male: COMPANY_ROLES.haifaFranchisee, female: 'זכיינית סניף חיפה' },
  [COMPANY_ROLES.leadingConsultant]: { male: COMPANY_ROLES.leadingConsultant, female: 'יועצת נדל"ן מובילה' },
};

/** The feminine form of each title (the demo data and tests name titles by it). */
export const FEMININE_COMPANY_ROLES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(COMPANY_ROLE_FORMS).map(([role, forms]) => [role, forms.female]),
);

const ROLE_OF_TITLE = new Map(
  Object.entries(COMPANY_ROLE_FORMS).flatMap(([role, forms]) => [
    [forms.male, role],
    [forms.female, role],
  ]),
);

/** The role a companyRole title stands for: the title itself, or the role one of whose forms it is. */
export const companyRoleOf = (title?: string | null): string | null =>
  title ? (ROLE_OF_TITLE.get(title) ?? title) : null;

/** Every title that stands for one of these roles, both forms (for database queries). */
export const titlesOf = (...roles: string[]): string[] =>
  roles.flatMap((role) => {
    const forms = COMPANY_ROLE_FORMS[role];
    return forms ? [...new Set([role, forms.male, forms.female])] : [role];
  });

/** Both forms of every known title, in the grid's order: the suggestions of the user form. */
export const COMPANY_ROLE_TITLES: readonly string[] = titlesOf(...COMPANY_ROLE_ORDER);

/**
 * A companyRole as this person holds it: a known title in the person's form ('יועצת נדל"ן מובילה' for a
 * woman, whichever form was typed), any other text as it was written.
 */
export function companyRoleTitle(title: string | null | undefined, gender: Gender | null | undefined) {
  if (!title) return null;
  const forms = COMPANY_ROLE_FORMS[companyRoleOf(title)!];
  return forms ? gendered(gender, forms) : title;
}

/** The gender a known title is written in, when its two forms differ (import and migration hints). */
export function genderOfTitle(title: string | null | undefined): Gender | null {
  const forms = title ? COMPANY_ROLE_FORMS[companyRoleOf(title)!] : undefined;
  if (!forms || forms.male === forms.female) return null;
  return title === forms.female ? 'female' : 'male';
}

/** The name of a role ('סוכנת', 'מנהל') in its holder's gender. */
export const roleLabel = (role: Role, gender: Gender | null | undefined): string =>
  gendered(gender, role === 'admin' ? 'admin' : 'agent');

export type RoleHolder = { role: Role; companyRole?: string | null };

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
 * Whether a new person is shown on the public site (the agents grid, the agent's page, the branch page, a
 * listing's contact) unless the manager says otherwise: those who do agent work. The CEO, office managers,
 * franchisees and bare system accounts are hidden until a manager shows them
 * (docs/decisions/0057-staff-on-the-public-site.md); afterwards the person's own switch (`showOnSite`) decides.
 */
export const shownOnSiteByDefault = (user: RoleHolder): boolean => worksAsAgent(user);

/**
 * The phone the public site shows for a person: their own when they chose to show it and have one, else their
 * branch's office phone (`office` true), else none.
 */
export function publicPhone(
  person: { phoneNumber: string; showPhone: boolean },
  officePhone: string,
): { phone: string; office: boolean } {
  if (person.showPhone && person.phoneNumber) return { phone: person.phoneNumber, office: false };
  return { phone: officePhone, office: true };
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

import type { Range } from './israel-calendar';
import type { RoleHolder } from './roles';

/**
 * One period of a user's role (docs/decisions/0015-role-history.md): [validFrom, validUntil), where a null
 * start is the user's first period, reaching back before the account, and a null end is today's role.
 */
export type RolePeriod = RoleHolder & { validFrom: Date | null; validUntil: Date | null };

/** Whether a period overlaps a range [from, to): a change at an instant belongs to the period it opens. */
export const heldDuring = (period: Pick<RolePeriod, 'validFrom' | 'validUntil'>, range: Range) =>
  (period.validFrom === null || period.validFrom < range.to) &&
  (period.validUntil === null || period.validUntil > range.from);

/** The roles someone held at some time in a range (a month), from their history. */
export const rolesDuring = (history: readonly RolePeriod[], range: Range): RoleHolder[] =>
  history
    .filter((period) => heldDuring(period, range))
    .map(({ role, companyRole }) => ({ role, companyRole }));

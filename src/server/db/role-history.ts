import type { Range } from '@shared/domain/israel-calendar';
import { and, gt, isNull, lt, or, type Placeholder } from 'drizzle-orm';
import { userRoleHistory } from './schema';

// SQL over the role history that several modules filter by (the branches' scope, the indicators and goals).

/** A range of instants, or the placeholders of a prepared statement's (ISO strings when it runs). */
export type Bounds = Range | { from: Placeholder; to: Placeholder };

/** SQL twin of `heldDuring` (src/shared/domain/role-history.ts): the role periods overlapping a range. */
export const roleHeldDuring = (range: Bounds) =>
  and(
    or(isNull(userRoleHistory.validFrom), lt(userRoleHistory.validFrom, range.to)),
    or(isNull(userRoleHistory.validUntil), gt(userRoleHistory.validUntil, range.from)),
  );

import { sql } from 'drizzle-orm';
import { uuid } from 'drizzle-orm/pg-core';
import { branches } from './branches';

/**
 * The branch a row belongs to (docs/decisions/0032-branches.md). Required; a writer that leaves it out (the
 * import, the public forms, older code paths) gets it from the database: the `fill_branch` triggers of the
 * migration branches take it from the row's parent (a property's agent, a lead's property or owner, an
 * activity's lead), else the network's default branch (`default_branch_id()`, the oldest active branch).
 */
export const branchOfRow = () =>
  uuid('branch_id')
    .notNull()
    .default(sql`null`)
    .references(() => branches.id);

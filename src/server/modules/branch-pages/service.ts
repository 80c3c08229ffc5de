import { BRANCH_MESSAGES } from '@shared/schemas/branch';
import { BRANCH_PAGE_SIZE, type BranchPage, type PublicBranch } from '@shared/schemas/branch-page';
import type { Database } from '../../db/client';
import type { branches } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Storage } from '../../storage/storage';
import { branchDirectory, findOpenBranchBySlug, listOpenBranches } from '../branches';
import { listBranchProperties } from '../properties';
import { listBranchTeam } from '../users';

/** The office's public details: no e-mail, legal entity or brokers (see publicBranchSchema). */
export function toPublicBranch(row: typeof branches.$inferSelect): PublicBranch {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    city: row.city,
    address: row.address,
    phone: row.phone,
    openingHours: row.openingHours,
  };
}

/** The public page of an open branch by its slug: its details, its team and one page of its listings (404 otherwise). */
export async function readBranchPage(
  db: Database,
  storage: Storage,
  slug: string,
  page: number,
): Promise<BranchPage> {
  const row = await findOpenBranchBySlug(db, slug);
  if (!row) throw notFound(BRANCH_MESSAGES.notFound);
  const [agents, listings] = await Promise.all([
    branchDirectory(db).then((directory) => listBranchTeam(db, row.id, directory)),
    listBranchProperties(db, storage, row.id, page, BRANCH_PAGE_SIZE),
  ]);
  return { branch: toPublicBranch(row), agents, listings };
}

/** Every open branch's public details (/AboutLink links to their pages). */
export async function readOpenBranches(db: Database): Promise<PublicBranch[]> {
  return (await listOpenBranches(db)).map(toPublicBranch);
}

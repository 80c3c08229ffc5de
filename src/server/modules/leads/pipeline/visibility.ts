import { PIPELINE_MESSAGES } from '@shared/schemas/pipeline-fields';
import { and, eq, type SQL } from 'drizzle-orm';
import { leads } from '../../../db/schema';
import { forbidden, notFound } from '../../../lib/errors';
import type { SessionUser } from '../../../plugins/session';

/**
 * Who reads a lead in full (docs/decisions/0030): its owner and admins. A contact is shared by everyone who has
 * a lead of theirs, but what one agent wrote, heard and earned on a lead (its message, notes, activities, deal
 * amounts) stays that agent's: of another owner's lead the others learn only that it exists, whose it is and its
 * status, so the two agents can talk. Every read of leads and activities goes through these two functions.
 */
export const mayReadLead = (viewer: SessionUser, lead: { ownerId: string | null }) =>
  viewer.role === 'admin' || (lead.ownerId !== null && lead.ownerId === viewer.id);

/** The same rule as SQL on `leads` (undefined: no limit). */
export const readableLeads = (viewer: SessionUser): SQL | undefined =>
  viewer.role === 'admin' ? undefined : eq(leads.ownerId, viewer.id);

/**
 * The leads a list shows (the table, the board, the agent's day, the export, search by phone): those the viewer
 * reads in full, of one owner when asked; naming another owner is refused to an agent.
 */
export function listScope(viewer: SessionUser, ownerId: string | undefined): SQL | undefined {
  if (ownerId && !mayReadLead(viewer, { ownerId })) throw forbidden(PIPELINE_MESSAGES.notYourLead);
  return and(readableLeads(viewer), ownerId ? eq(leads.ownerId, ownerId) : undefined);
}

/** A lead the viewer may open: 404 when there is none, 403 when it is not theirs to read. */
export function assertReadable<T extends { ownerId: string | null }>(
  viewer: SessionUser,
  lead: T | undefined,
): T {
  if (!lead) throw notFound(PIPELINE_MESSAGES.leadNotFound);
  if (!mayReadLead(viewer, lead)) throw forbidden(PIPELINE_MESSAGES.notYourLead);
  return lead;
}

import { randomBytes } from 'node:crypto';
import { seesBranch } from '@shared/domain/branch-scope';
import { paths } from '@shared/paths';
import { REPORT_MESSAGES } from '@shared/schemas/report-contact';
import { type ReportShare, SHARE_VALID_DAYS, type ShareState } from '@shared/schemas/report-share';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reportShares, users } from '../../db/schema';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { hashToken, type SessionUser } from '../../plugins/session';
import { actingAgent, findAgentProperty } from './access';

type ShareRow = typeof reportShares.$inferSelect;
const DAY_MS = 86_400_000;
const MAX_PERIOD_DAYS = 366;

export function shareState(row: Pick<ShareRow, 'revoked' | 'expiresAt'>, now = new Date()): ShareState {
  if (row.revoked) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'active';
}

function toShare(row: ShareRow): ReportShare {
  return {
    _id: row.id,
    agent: row.agentId,
    propertyId: row.propertyId,
    address: row.propertyAddress,
    from: row.periodFrom,
    to: row.periodTo,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    state: shareState(row),
  };
}

type CreateShare = { agentId?: string; address: string; from: string; to: string };

/** A new link for the agent's property: the token is returned once and only its hash is kept. */
export async function createShare(db: Database, user: SessionUser, input: CreateShare) {
  const agent = await actingAgent(db, user, input.agentId, 'field');
  if (input.from > input.to)
    throw badRequest(REPORT_MESSAGES.periodOrder, { to: REPORT_MESSAGES.periodOrder });
  const days = (Date.parse(input.to) - Date.parse(input.from)) / DAY_MS;
  if (days > MAX_PERIOD_DAYS)
    throw badRequest(REPORT_MESSAGES.periodLong, { from: REPORT_MESSAGES.periodLong });
  const property = await findAgentProperty(db, agent.id, input.address, undefined, 'address');
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(reportShares)
    .values({
      tokenHash: hashToken(token),
      agentId: agent.id,
      propertyId: property.id,
      propertyAddress: property.address,
      periodFrom: input.from,
      periodTo: input.to,
      createdBy: user.id,
      expiresAt: new Date(Date.now() + SHARE_VALID_DAYS * DAY_MS),
    })
    .returning();
  return { share: toShare(row!), token, path: paths.sellerReport(token) };
}

export async function listShares(db: Database, user: SessionUser, agentId?: string, address?: string) {
  const agent = await actingAgent(db, user, agentId);
  const conditions = [eq(reportShares.agentId, agent.id)];
  if (address) conditions.push(eq(reportShares.propertyAddress, address));
  const rows = await db
    .select()
    .from(reportShares)
    .where(and(...conditions))
    .orderBy(desc(reportShares.createdAt));
  return rows.map(toShare);
}

/**
 * Revokes a link: its owner agent or an admin of the agent's branch (docs/decisions/0033: another branch's link
 * is not found); revoking twice is harmless.
 */
export async function revokeShare(db: Database, user: SessionUser, id: string) {
  const [row] = await db
    .select({ share: reportShares, branchId: users.branchId })
    .from(reportShares)
    .innerJoin(users, eq(users.id, reportShares.agentId))
    .where(eq(reportShares.id, id))
    .limit(1);
  if (!row || !seesBranch(user.branchScope, row.branchId)) throw notFound();
  if (user.role !== 'admin' && row.share.agentId !== user.id) throw forbidden();
  if (row.share.revoked) return toShare(row.share);
  const [updated] = await db
    .update(reportShares)
    .set({ revoked: true, revokedAt: new Date() })
    .where(eq(reportShares.id, id))
    .returning();
  return toShare(updated!);
}

/** The share behind a token: 404 for an unknown token, 410 once revoked or expired. */
export async function findShareByToken(db: Database, token: string): Promise<ShareRow> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw notFound(REPORT_MESSAGES.shareNotFound);
  const [row] = await db
    .select()
    .from(reportShares)
    .where(eq(reportShares.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) throw notFound(REPORT_MESSAGES.shareNotFound);
  const state = shareState(row);
  if (state === 'revoked') throw gone(REPORT_MESSAGES.shareRevoked);
  if (state === 'expired') throw gone(REPORT_MESSAGES.shareExpired);
  return row;
}

/** 410 Gone: the link existed but no longer opens (the error codes have no GONE; the status says it). */
const gone = (message: string) => new AppError(410, 'NOT_FOUND', message);

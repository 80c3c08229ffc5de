import { isClientRoute, routePatterns } from '@shared/paths';
import { idSchema } from '@shared/schemas/common';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { properties, users } from '../db/schema';
import { wasDeleted } from '../lib/audit';
import { AppError } from '../lib/errors';
import { isLiveAccessToken } from '../modules/alerts';
import { findOpenBranchBySlug } from '../modules/branches';
import type { PageReads } from './page-api';

const idOf = (pathname: string, prefix: string) => {
  const match = new RegExp(`^${prefix}/([^/]+)/?$`, 'i').exec(pathname);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return '';
  }
};

/**
 * 200 for a page of the app whose record exists, 410 for a deleted property, 404 otherwise: an unknown path, a
 * property id that is not in the database, an agent id that is not an active person shown on the site
 * (docs/decisions/0057: nobody else has an agent page), or a branch slug that is not an open branch's.
 */
export async function pageStatus(
  app: FastifyInstance,
  pathname: string,
  reads?: Pick<PageReads, 'property' | 'branch'>,
): Promise<200 | 404 | 410> {
  if (!isClientRoute(pathname)) return 404;
  const propertyId = idOf(pathname, routePatterns.propertyView.replace('/:id', ''));
  if (propertyId !== undefined) {
    if (!idSchema.safeParse(propertyId).success) return 404;
    // The page's own read of the property (its head reads it too), when the page has one.
    if (reads) return reads.property(propertyId).then(() => 200 as const, notFoundOnly);
    const [row] = await app.db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.id, propertyId))
      .limit(1);
    if (row) return 200;
    return (await wasDeleted(app.db, 'property', propertyId)) ? 410 : 404;
  }
  const agentId = idOf(pathname, routePatterns.aboutAgent.replace('/:id', ''));
  if (agentId !== undefined) {
    if (!idSchema.safeParse(agentId).success) return 404;
    const [row] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, agentId), eq(users.active, true), eq(users.showOnSite, true)))
      .limit(1);
    return row ? 200 : 404;
  }
  const slug = idOf(pathname, routePatterns.branchPage.replace('/:slug', ''));
  if (slug !== undefined) {
    const branch = await (reads?.branch(slug) ?? findOpenBranchBySlug(app.db, slug));
    return branch ? 200 : 404;
  }
  const alertsToken = idOf(pathname, routePatterns.myAlerts.replace('/:token', ''));
  if (alertsToken !== undefined) return (await isLiveAccessToken(app.db, alertsToken)) ? 200 : 404;
  return 200;
}

/** 404 for a record that is not there, 410 for one deleted; any other failure (the database) stays one. */
function notFoundOnly(err: unknown): 404 | 410 {
  if (err instanceof AppError && err.statusCode === 404) return 404;
  if (err instanceof AppError && err.statusCode === 410) return 410;
  throw err;
}

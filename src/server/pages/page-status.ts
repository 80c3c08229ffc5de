import { isTeamMember } from '@shared/domain/roles';
import { isClientRoute, routePatterns } from '@shared/paths';
import { idSchema } from '@shared/schemas/common';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { properties, users } from '../db/schema';
import { isLiveAccessToken } from '../modules/alerts/service';

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
 * 200 for a page of the app whose record exists, 404 otherwise: an unknown path, a property id that is not
 * in the database, or an agent id that is not an active member of the public team (isTeamMember: a bare
 * system admin has no agent page).
 */
export async function pageStatus(app: FastifyInstance, pathname: string): Promise<200 | 404> {
  if (!isClientRoute(pathname)) return 404;
  const propertyId = idOf(pathname, routePatterns.propertyView.replace('/:id', ''));
  if (propertyId !== undefined) {
    if (!idSchema.safeParse(propertyId).success) return 404;
    const [row] = await app.db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.id, propertyId))
      .limit(1);
    return row ? 200 : 404;
  }
  const agentId = idOf(pathname, routePatterns.aboutAgent.replace('/:id', ''));
  if (agentId !== undefined) {
    if (!idSchema.safeParse(agentId).success) return 404;
    const [row] = await app.db
      .select({ role: users.role, companyRole: users.companyRole })
      .from(users)
      .where(and(eq(users.id, agentId), eq(users.active, true)))
      .limit(1);
    return row && isTeamMember(row) ? 200 : 404;
  }
  const alertsToken = idOf(pathname, routePatterns.myAlerts.replace('/:token', ''));
  if (alertsToken !== undefined) return (await isLiveAccessToken(app.db, alertsToken)) ? 200 : 404;
  return 200;
}

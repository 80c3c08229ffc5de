import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors';
import { accessVerdict } from '../rules/request-rules';

/**
 * Who may call a route, declared once per route as `config: { access }`:
 * - `public`: anyone, signed in or not;
 * - `signedIn`: any signed-in user (what they see may still depend on who they are);
 * - `selfOrAdmin`: a signed-in user acting on their own data, or an admin on anyone's; the route names the
 *   agent (param, query or body) and its service refuses an agent naming someone else with 403;
 * - `admin`: admins only (whatever their companyRole); what they reach is still their branch scope
 *   (modules/branches/scope.ts);
 * - `network`: admins with network access only (the network's own settings, branches, backups, audit).
 */
export const ACCESS_RULES = ['public', 'signedIn', 'selfOrAdmin', 'admin', 'network'] as const;
export type Access = (typeof ACCESS_RULES)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every API route with its declared access rule (undefined when the route forgot to declare one). */
    accessTable: ReadonlyArray<{ method: string; url: string; access: Access | undefined }>;
  }
}

const isApi = (url: string) => url.startsWith('/api/');

/**
 * Enforces the declared rule in `onRequest`, before the body is read or validated: a visitor never learns a
 * protected route's field rules, and a wrong role gets 403 without its input being looked at. An API route
 * that declares nothing is treated as admin-only (and fails the route access test).
 * Register after the session plugin, whose `onRequest` hook sets `request.user`.
 */
export const accessPlugin = fp(
  async (app: FastifyInstance) => {
    const table: { method: string; url: string; access: Access | undefined }[] = [];
    app.decorate('accessTable', table);

    app.addHook('onRoute', (route) => {
      if (!isApi(route.url)) return;
      const access = (route.config as { access?: Access } | undefined)?.access;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') table.push({ method, url: route.url, access });
      }
    });

    app.addHook('onRequest', async (request) => {
      if (request.is404 || !isApi(request.url)) return;
      const verdict = accessVerdict(
        request.routeOptions.config.access,
        request.user?.role ?? null,
        request.user?.networkAccess,
      );
      if (verdict === 401) throw unauthorized();
      if (verdict === 403) throw forbidden();
    });
  },
  { name: 'access', dependencies: ['session'] },
);

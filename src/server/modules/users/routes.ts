import { seesBranch } from '@shared/domain/branch-scope';
import { listUsersQuerySchema } from '@shared/schemas/account';
import { idParamsSchema, okSchema } from '@shared/schemas/common';
import {
  loginBodySchema,
  sessionStateResponseSchema,
  sessionUserResponseSchema,
  userListResponseSchema,
  userResponseSchema,
} from '@shared/schemas/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, notFound } from '../../lib/errors';
import { consumeRateLimit, type RateRule, releaseRateLimitEvent } from '../../lib/rate-limit';
import { currentUser, requireAdmin } from '../../plugins/session';
import { branchDirectory } from '../branches';
import { listAllUsers } from './admin-service';
import {
  authenticate,
  findUserById,
  getVisibleUser,
  isShownOnSite,
  listActiveUsers,
  toColleague,
  toPublicUser,
  toUser,
} from './service';

export type UserRoutesOptions = { loginPerIp: RateRule; loginPerEmailAndIp: RateRule };

export const WRONG_CREDENTIALS = 'כתובת המייל או הסיסמה שגויים';

export const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (app, opts) => {
  app.post(
    '/users/login',
    {
      config: { access: 'public', keepsReadCaches: true },
      schema: { body: loginBodySchema, response: { 200: sessionUserResponseSchema } },
    },
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      // Only failed attempts count, per account from one client and (looser) per client. Never per account
      // alone: an attacker hammering an account from elsewhere must not lock its owner out.
      const ipKey = `login:ip:${request.ip}`;
      const pairKey = `login:pair:${request.ip}:${email}`;
      // Each attempt is counted before its password is checked (one atomic upsert per key): 40 parallel guesses
      // check at most the limit. A success gives its count back below.
      await consumeRateLimit(app.db, ipKey, opts.loginPerIp);
      try {
        await consumeRateLimit(app.db, pairKey, opts.loginPerEmailAndIp);
      } catch (err) {
        await releaseRateLimitEvent(app.db, ipKey);
        throw err;
      }
      const user = await authenticate(app.db, email, request.body.password);
      if (!user) throw new AppError(401, 'UNAUTHORIZED', WRONG_CREDENTIALS);
      await releaseRateLimitEvent(app.db, ipKey);
      await releaseRateLimitEvent(app.db, pairKey);
      await app.sessions.start(reply, request, user.id);
      return { status: 'success' as const, data: { user: toUser(user, await branchDirectory(app.db)) } };
    },
  );

  app.post(
    '/users/logout',
    // Sign-out drops the cached lookups of its session itself, and only when there was one.
    { config: { access: 'public', keepsReadCaches: true }, schema: { response: { 200: okSchema } } },
    async (request, reply) => {
      await app.sessions.end(reply, request);
      return { status: 'success' as const };
    },
  );

  app.get(
    '/users/me',
    { config: { access: 'signedIn' }, schema: { response: { 200: sessionUserResponseSchema } } },
    async (request) => {
      const row = await findUserById(app.db, currentUser(request).id);
      if (!row) throw new AppError(401, 'UNAUTHORIZED', 'המשתמש לא נמצא');
      return { status: 'success' as const, data: { user: toUser(row, await branchDirectory(app.db)) } };
    },
  );

  app.get(
    '/users/session',
    { config: { access: 'public' }, schema: { response: { 200: sessionStateResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const row = request.user ? await findUserById(app.db, request.user.id) : undefined;
      return {
        status: 'success' as const,
        data: { user: row ? toUser(row, await branchDirectory(app.db)) : null },
      };
    },
  );

  app.get(
    '/users',
    {
      config: { access: 'public' },
      schema: { querystring: listUsersQuerySchema, response: { 200: userListResponseSchema } },
    },
    async (request) => {
      // Inactive users are an admin's business only (the users page). A visitor, and the about pages of anyone,
      // see the people shown on the site without roles, with their public phones; signed-in colleagues see
      // everyone of their scope with roles (agent pickers).
      if (request.query.includeInactive) await requireAdmin(request);
      const viewer = request.query.team ? null : request.user;
      // Staff see the people of their branch scope; the public team is the whole network's.
      const scope = viewer?.branchScope ?? { all: true as const };
      const rows = request.query.includeInactive
        ? await listAllUsers(app.db, scope)
        : await listActiveUsers(app.db, scope);
      const branches = await branchDirectory(app.db);
      const data = !viewer
        ? rows.filter(isShownOnSite).map((row) => toPublicUser(row, branches))
        : rows.map((row) => (viewer.role === 'admin' ? toUser : toColleague)(row, branches));
      return { status: 'success' as const, data: { data } };
    },
  );

  app.get(
    '/users/:id',
    {
      config: { access: 'public' },
      schema: { params: idParamsSchema, response: { 200: userResponseSchema } },
    },
    async (request) => {
      const row = await getVisibleUser(app.db, request.params.id, request.user?.role === 'admin');
      // Someone of another branch is shown to staff as to a visitor: the public fields of a team member only.
      const viewer = request.user && seesBranch(request.user.branchScope, row.branchId) ? request.user : null;
      // A visitor sees only the people shown on the site, as the agent pages do (docs/decisions/0057).
      if (!viewer && !isShownOnSite(row)) throw notFound('המשתמש לא נמצא');
      const branches = await branchDirectory(app.db);
      const data = (!viewer ? toPublicUser : viewer.role === 'admin' ? toUser : toColleague)(row, branches);
      return { status: 'success' as const, data: { data } };
    },
  );
};

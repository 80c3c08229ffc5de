import { createHash, randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import { type BranchScope, branchScopeOf } from '@shared/domain/branch-scope';
import type { Gender } from '@shared/domain/gender';
import type { Role } from '@shared/domain/roles';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sessions, users } from '../db/schema';
import { forbidden, unauthorized } from '../lib/errors';
import { sessionExpiry, sessionVerdict } from '../rules/request-rules';
import { scopes } from './cache-scopes';
import { isMutation, noteWrite, ReadCache } from './read-cache';

export const SESSION_COOKIE = 'sid';

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  role: Role;
  companyRole: string | null;
  gender: Gender;
  branchId: string;
  networkAccess: boolean;
  /** The branches this session reads and manages, computed once per request (modules/branches/scope.ts). */
  branchScope: BranchScope;
  sessionId: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type SessionOptions = {
  ttlHours: number;
  idleHours: number;
  secureCookie: boolean;
  /** 'lax' by default; 'none' for a client served from another site (CORS_ORIGINS), always with Secure. */
  sameSite?: 'lax' | 'strict' | 'none';
};

/** How stale `last_seen_at` may get before a request refreshes it: one write a minute per active session. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Session lookups of the last 2 s (every API request needs one; on PGlite it is ~1 ms of a ~2 ms read).
 * A sign-out, or a write of users (deactivation, password change...), in this process or another on the same
 * database, drops them before it is answered (plugins/read-cache.ts).
 */
const sessionCache = new ReadCache<{
  id: string;
  name: string;
  email: string;
  role: Role;
  companyRole: string | null;
  gender: Gender;
  branchId: string;
  networkAccess: boolean;
  expiresAt: Date;
  lastSeenAt: Date;
} | null>({
  name: 'sessions',
  ttlMs: 2_000,
  maxEntries: 10_000,
  reads: () => [scopes.sessions, scopes.users],
});

/** Reads the session cookie on API requests and sets `request.user` (null when absent, expired or deactivated). */
export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: SessionOptions) => {
    await app.register(cookie);
    app.decorateRequest('user', null);
    // Every signed-in API request runs it: prepared once instead of built each time.
    const sessionLookup = app.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        companyRole: users.companyRole,
        gender: users.gender,
        branchId: users.branchId,
        networkAccess: users.networkAccess,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('id')),
          gt(sessions.expiresAt, sql.placeholder('now')),
          eq(users.active, true),
        ),
      )
      .limit(1)
      .prepare('session_lookup');

    app.addHook('onRequest', async (request) => {
      request.user = null;
      if (!request.url.startsWith('/api/')) return;
      const token = request.cookies[SESSION_COOKIE];
      if (!token || token.length > 128) return;
      const id = hashToken(token);
      const lookup = async () =>
        (await sessionLookup.execute({ id, now: new Date().toISOString() }))[0] ?? null;
      // A request that may change data checks its session fresh: a sign-out or deactivation counts at once.
      const found = isMutation(request) ? await lookup() : await sessionCache.get(app.db, id, lookup);
      const now = Date.now();
      const verdict = sessionVerdict(found, now, { idleHours: opts.idleHours, touchEveryMs: TOUCH_EVERY_MS });
      if (!found || verdict === 'none') return;
      if (verdict === 'idle') {
        // Idle too long: the session is over even though its absolute lifetime is not.
        await app.db.delete(sessions).where(eq(sessions.id, id));
        return;
      }
      if (verdict === 'touch') {
        await app.db
          .update(sessions)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(sessions.id, id));
        found.lastSeenAt = new Date(now);
      }
      const { expiresAt: _expiresAt, lastSeenAt: _lastSeenAt, ...row } = found;
      request.user = { ...row, branchScope: branchScopeOf(row), sessionId: id };
    });

    app.decorate('sessions', {
      async start(reply: FastifyReply, request: FastifyRequest, userId: string) {
        const token = randomBytes(32).toString('base64url');
        const expiresAt = sessionExpiry(Date.now(), opts.ttlHours);
        await app.db.insert(sessions).values({
          id: hashToken(token),
          userId,
          expiresAt,
          userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
          ip: request.ip,
        });
        reply.setCookie(SESSION_COOKIE, token, {
          path: '/',
          httpOnly: true,
          sameSite: opts.sameSite ?? 'lax',
          secure: opts.secureCookie || opts.sameSite === 'none',
          expires: expiresAt,
        });
      },
      /** Ends the request's session; true when there was one (its cached lookups are then dropped). */
      async end(reply: FastifyReply, request: FastifyRequest) {
        const token = request.cookies[SESSION_COOKIE];
        const ended = token
          ? await app.db
              .delete(sessions)
              .where(eq(sessions.id, hashToken(token)))
              .returning({ id: sessions.id })
          : [];
        if (ended.length > 0) await noteWrite(app.db, [scopes.sessions]);
        reply.clearCookie(SESSION_COOKIE, {
          path: '/',
          httpOnly: true,
          sameSite: opts.sameSite ?? 'lax',
          secure: opts.secureCookie || opts.sameSite === 'none',
        });
        return ended.length > 0;
      },
    });
  },
  { name: 'session', dependencies: ['read-cache'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    sessions: {
      start(reply: FastifyReply, request: FastifyRequest, userId: string): Promise<void>;
      end(reply: FastifyReply, request: FastifyRequest): Promise<boolean>;
    };
  }
}

/** For a route whose access depends on its input (e.g. listing inactive users): admins only. */
export async function requireAdmin(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
  if (request.user.role !== 'admin') throw forbidden();
}

export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

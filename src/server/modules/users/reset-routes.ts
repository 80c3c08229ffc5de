import { forgotPasswordBodySchema, resetPasswordBodySchema } from '@shared/schemas/account';
import { okSchema } from '@shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consumeRateLimit, type RateRule } from '../../lib/rate-limit';
import { scopes } from '../../plugins/cache-scopes';
import { declareChanges } from '../../plugins/read-cache';
import { RESET_MESSAGES, requestPasswordReset, resetPassword } from './password-reset';

export type ResetRoutesOptions = { resetPerIp: RateRule; resetPerEmail: RateRule };

/** Forgotten password: request a mailed single-use link, then set a new password with it. */
export const passwordResetRoutes: FastifyPluginAsyncZod<ResetRoutesOptions> = async (app, opts) => {
  // What these writes change for the read caches (docs/decisions/0022): a new password ends the user's sessions.
  declareChanges(app, [scopes.users]);
  app.post(
    '/users/forgot-password',
    {
      config: { access: 'public', keepsReadCaches: true },
      schema: { body: forgotPasswordBodySchema, response: { 200: okSchema } },
      // The lookup, the token and the mail come after the answer: a known e-mail answers as fast as an unknown
      // one, so the timing tells nothing about who has an account.
      onResponse: async (request, reply) => {
        if (reply.statusCode !== 200) return;
        const email = request.body.email.toLowerCase();
        app.afterAnswer.run(request.log, 'password reset request', () =>
          requestPasswordReset(app.db, email, app.env.APP_ORIGIN),
        );
      },
    },
    async (request) => {
      const email = request.body.email.toLowerCase();
      await consumeRateLimit(app.db, `reset:ip:${request.ip}`, opts.resetPerIp);
      await consumeRateLimit(app.db, `reset:email:${email}`, opts.resetPerEmail);
      return { status: 'success' as const, message: RESET_MESSAGES.requested };
    },
  );

  app.post(
    '/users/reset-password',
    { config: { access: 'public' }, schema: { body: resetPasswordBodySchema, response: { 200: okSchema } } },
    async (request) => {
      await consumeRateLimit(app.db, `reset:ip:${request.ip}`, opts.resetPerIp);
      await resetPassword(app.db, request.body.token, request.body.newPassword);
      return { status: 'success' as const, message: RESET_MESSAGES.done };
    },
  );
};

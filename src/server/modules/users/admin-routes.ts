import {
  createdUserResponseSchema,
  createUserBodySchema,
  updateUserBodySchema,
} from '@shared/schemas/account';
import { idParamsSchema } from '@shared/schemas/common';
import { sessionUserResponseSchema } from '@shared/schemas/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scopes } from '../../plugins/cache-scopes';
import { declareChanges } from '../../plugins/read-cache';
import { currentUser } from '../../plugins/session';
import { branchDirectory } from '../branches';
import { assertOwnImage } from './account-service';
import { activateUser, createUser, deactivateUser, updateUser } from './admin-service';
import { findUserById, toUser } from './service';

/** User accounts, admin only: create, edit, deactivate (never delete) and reactivate. */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  // What these writes change for the read caches (docs/decisions/0022): users and agents.
  declareChanges(app, [scopes.users]);
  app.post(
    '/users',
    {
      config: { access: 'admin' },
      schema: { body: createUserBodySchema, response: { 201: createdUserResponseSchema } },
    },
    async (request, reply) => {
      await assertOwnImage(app.storage, request.body.image, null);
      const { user, generatedPassword } = await createUser(app.db, currentUser(request), request.body);
      reply.status(201);
      return {
        status: 'success' as const,
        data: { user: toUser(user, await branchDirectory(app.db)), generatedPassword },
      };
    },
  );

  app.patch(
    '/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        params: idParamsSchema,
        body: updateUserBodySchema,
        response: { 200: sessionUserResponseSchema },
      },
    },
    async (request) => {
      const current = await findUserById(app.db, request.params.id);
      await assertOwnImage(app.storage, request.body.image, current?.image ?? null);
      const row = await updateUser(app.db, currentUser(request), request.params.id, request.body);
      return { status: 'success' as const, data: { user: toUser(row, await branchDirectory(app.db)) } };
    },
  );

  app.delete(
    '/users/:id',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, response: { 200: sessionUserResponseSchema } },
    },
    async (request) => {
      const row = await deactivateUser(app.db, currentUser(request), request.params.id);
      return { status: 'success' as const, data: { user: toUser(row, await branchDirectory(app.db)) } };
    },
  );

  app.post(
    '/users/:id/activate',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, response: { 200: sessionUserResponseSchema } },
    },
    async (request) => {
      const row = await activateUser(app.db, currentUser(request), request.params.id);
      return { status: 'success' as const, data: { user: toUser(row, await branchDirectory(app.db)) } };
    },
  );
};

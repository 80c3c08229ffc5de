import {
  branchClosePreviewResponseSchema,
  branchCloseResponseSchema,
  branchListResponseSchema,
  branchResponseSchema,
  closeBranchSchema,
  createBranchSchema,
  updateBranchSchema,
} from '@shared/schemas/branch';
import { idParamsSchema } from '@shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scopes } from '../../plugins/cache-scopes';
import { declareChanges } from '../../plugins/read-cache';
import { currentUser } from '../../plugins/session';
import { closeBranch, closePreview } from './close';
import { createBranch, listBranches, toBranch, updateBranch } from './service';

/** The network's branches (docs/decisions/0032): listed by scope, created and edited by network admins. */
export const branchRoutes: FastifyPluginAsyncZod = async (app) => {
  // What these writes change for the read caches (docs/decisions/0022): the branch names every user's and
  // property's answer carries, cached pages included. Branch writes are rare, so they drop every cache.
  declareChanges(app, [scopes.all]);
  app.get(
    '/branches',
    {
      config: { access: 'signedIn' },
      schema: { response: { 200: branchListResponseSchema } },
    },
    async (request) => {
      const rows = await listBranches(app.db, currentUser(request).branchScope);
      return { status: 'success' as const, data: { branches: rows.map(toBranch) } };
    },
  );

  app.post(
    '/branches',
    {
      config: { access: 'network' },
      schema: { body: createBranchSchema, response: { 201: branchResponseSchema } },
    },
    async (request, reply) => {
      const row = await createBranch(app.db, currentUser(request), request.body);
      return reply.status(201).send({ status: 'success' as const, data: { branch: toBranch(row) } });
    },
  );

  app.patch(
    '/branches/:id',
    {
      config: { access: 'network' },
      schema: { params: idParamsSchema, body: updateBranchSchema, response: { 200: branchResponseSchema } },
    },
    async (request) => {
      const row = await updateBranch(app.db, currentUser(request), request.params.id, request.body);
      return { status: 'success' as const, data: { branch: toBranch(row) } };
    },
  );

  // Closing a branch that holds people or listings (docs/branches.md, "Closing a branch"): first what would move,
  // then the close itself, which moves it all to an open branch in one transaction.
  app.get(
    '/branches/:id/close-preview',
    {
      config: { access: 'network' },
      schema: { params: idParamsSchema, response: { 200: branchClosePreviewResponseSchema } },
    },
    async (request) => {
      const preview = await closePreview(app.db, currentUser(request), request.params.id);
      return { status: 'success' as const, data: { preview } };
    },
  );

  app.post(
    '/branches/:id/close',
    {
      config: { access: 'network' },
      schema: {
        params: idParamsSchema,
        body: closeBranchSchema,
        response: { 200: branchCloseResponseSchema },
      },
    },
    async (request) => {
      const { branch, target, moved } = await closeBranch(
        app.db,
        currentUser(request),
        request.params.id,
        request.body.targetBranchId,
      );
      return {
        status: 'success' as const,
        data: {
          branch: toBranch(branch),
          target: { _id: target.id, name: target.name, slug: target.slug },
          moved,
        },
      };
    },
  );
};

import {
  branchPageParamsSchema,
  branchPageQuerySchema,
  branchPageResponseSchema,
  openBranchesResponseSchema,
} from '@shared/schemas/branch-page';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readBranchPage, readOpenBranches } from './service';

/**
 * The public page of a branch (/branches/<slug>): anyone may read it, and it holds nothing the public site does
 * not already show (the office's details, its agents as the agents grid shows them, its listings).
 */
export const branchPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/branch-pages',
    { config: { access: 'public' }, schema: { response: { 200: openBranchesResponseSchema } } },
    async () => ({ status: 'success' as const, data: { branches: await readOpenBranches(app.db) } }),
  );

  app.get(
    '/branch-pages/:slug',
    {
      config: { access: 'public' },
      schema: {
        params: branchPageParamsSchema,
        querystring: branchPageQuerySchema,
        response: { 200: branchPageResponseSchema },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await readBranchPage(app.db, app.storage, request.params.slug, request.query.page),
    }),
  );
};

import { idParamsSchema, okSchema } from '@shared/schemas/common';
import {
  imageOrderSchema,
  imageParamsSchema,
  propertyAgentsResponseSchema,
  propertyLocationResponseSchema,
  propertyResponseSchema,
  updatePropertySchema,
} from '@shared/schemas/property';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ensureCoverShareImage } from '../../pages/share-image';
import { noteChanged } from '../../plugins/read-cache';
import { currentUser } from '../../plugins/session';
import { addImages, createFromForm, removeImage, reorderImages } from './images';
import { propertyWriteScopes } from './read-cache';
import { getProperty, getPropertyAgents, getPropertyLocation } from './reads';
import { createProperty, deleteProperty, newPropertyId, propertyInScope, updateProperty } from './service';

const ok = <T>(data: T) => ({ status: 'success' as const, data });

/**
 * Admin mutations of properties and their images; every one is audited in the service. Each names what it
 * changes for the read caches: the property as it was and as it is (docs/decisions/0022).
 */
export const propertyAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // The branch boundary (decision 0033): a property of another branch is not found, before any work or upload.
  app.addHook('preHandler', async (request) => {
    const id = (request.params as { id?: string } | undefined)?.id;
    if (id) await propertyInScope(app.db, currentUser(request), id);
  });
  const changes = async (request: FastifyRequest, id: string) =>
    noteChanged(request, ...(await propertyWriteScopes(app.db, id)));
  /** The property whose photos a request changed, where its path does not name it (a new property). */
  const photosChanged = new WeakMap<FastifyRequest, string>();
  // Once the answer is out, the cover's share image is made, so no visitor's first page view makes it.
  const shareImageAfterAnswer = async (request: FastifyRequest, reply: FastifyReply) => {
    const id = photosChanged.get(request) ?? (request.params as { id?: string }).id;
    if (reply.statusCode >= 300 || !id) return;
    app.afterAnswer.run(request.log, 'share image', async () => {
      await ensureCoverShareImage(app.db, app.storage, id);
    });
  };

  // Who holds the listing, hidden from the site or not: the edit form's agents (the public answers leave out
  // whom the site does not show, docs/decisions/0057).
  app.get(
    '/property/:id/agents',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, response: { 200: propertyAgentsResponseSchema } },
    },
    async (request) => ok(await getPropertyAgents(app.db, request.params.id)),
  );

  // The exact point and the public one the site shows (docs/decisions/0061): the edit form's map. Staff only.
  app.get(
    '/property/:id/location',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, response: { 200: propertyLocationResponseSchema } },
    },
    async (request) => ok(await getPropertyLocation(app.db, request.params.id)),
  );

  app.post(
    '/property',
    {
      config: { access: 'admin' },
      schema: { response: { 201: propertyResponseSchema } },
      onResponse: shareImageAfterAnswer,
    },
    async (request, reply) => {
      const actor = currentUser(request);
      let id: string;
      if (request.isMultipart()) id = await createFromForm(app.db, app.storage, request, actor);
      else {
        // JSON is accepted too (no images), validated by the same schema as the form.
        id = newPropertyId();
        await createProperty(app.db, actor, id, (request.body ?? {}) as Record<string, unknown>, []);
      }
      await changes(request, id);
      photosChanged.set(request, id);
      reply.status(201);
      return ok({ data: await getProperty(app.db, app.storage, id) });
    },
  );

  app.patch(
    '/property/:id',
    {
      config: { access: 'admin' },
      schema: {
        params: idParamsSchema,
        body: updatePropertySchema,
        response: { 200: propertyResponseSchema },
      },
    },
    async (request) => {
      await changes(request, request.params.id);
      await updateProperty(app.db, currentUser(request), request.params.id, request.body);
      await changes(request, request.params.id);
      return ok({ data: await getProperty(app.db, app.storage, request.params.id) });
    },
  );

  app.delete(
    '/property/:id',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 200: okSchema } } },
    async (request) => {
      await changes(request, request.params.id);
      await deleteProperty(app.db, app.storage, currentUser(request), request.params.id);
      return { status: 'success' as const, message: 'הנכס נמחק' };
    },
  );

  app.post(
    '/property/:id/images',
    {
      config: { access: 'admin' },
      onResponse: shareImageAfterAnswer,
      schema: { params: idParamsSchema, response: { 200: propertyResponseSchema } },
    },
    async (request) => {
      await changes(request, request.params.id);
      await addImages(app.db, app.storage, request, currentUser(request), request.params.id);
      return ok({ data: await getProperty(app.db, app.storage, request.params.id) });
    },
  );

  app.delete(
    '/property/:id/images/:imageId',
    {
      config: { access: 'admin' },
      onResponse: shareImageAfterAnswer,
      schema: { params: imageParamsSchema, response: { 200: propertyResponseSchema } },
    },
    async (request) => {
      const { id, imageId } = request.params;
      await changes(request, id);
      await removeImage(app.db, app.storage, currentUser(request), id, imageId);
      return ok({ data: await getProperty(app.db, app.storage, id) });
    },
  );

  app.put(
    '/property/:id/images/order',
    {
      config: { access: 'admin' },
      onResponse: shareImageAfterAnswer,
      schema: { params: idParamsSchema, body: imageOrderSchema, response: { 200: propertyResponseSchema } },
    },
    async (request) => {
      await changes(request, request.params.id);
      await reorderImages(app.db, currentUser(request), request.params.id, request.body.order);
      return ok({ data: await getProperty(app.db, app.storage, request.params.id) });
    },
  );
};

import { imageUploadResponseSchema } from '@shared/schemas/account';
import { agencySettingsSchema, settingsResponseSchema } from '@shared/schemas/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readUpload } from '../../lib/uploads';
import { scopes } from '../../plugins/cache-scopes';
import { declareChanges } from '../../plugins/read-cache';
import { currentUser } from '../../plugins/session';
import { updateSettings } from './admin-service';
import { MAX_VIDEO_BYTES, MEDIA_KINDS, noFile, storeImage, storeVideo } from './media';
import { getSettings } from './service';

/** Admin edits of the agency's details and the home page media. */
export const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // What these writes change for the read caches (docs/decisions/0022): the agency settings.
  declareChanges(app, [scopes.settings]);
  // Every setting, the network's internal terms included, as the settings page edits them.
  app.get(
    '/settings/network',
    { config: { access: 'network' }, schema: { response: { 200: settingsResponseSchema } } },
    async () => ({ status: 'success' as const, data: { settings: await getSettings(app.db) } }),
  );

  app.patch(
    '/settings',
    {
      config: { access: 'network' },
      schema: { body: agencySettingsSchema.partial(), response: { 200: settingsResponseSchema } },
    },
    async (request) => {
      const settings = await updateSettings(app.db, currentUser(request), request.body);
      return { status: 'success' as const, data: { settings } };
    },
  );

  // Upload first, then save the returned URL into a settings field with PATCH /settings.
  app.post(
    '/settings/media/:kind',
    {
      config: { access: 'network' },
      bodyLimit: MAX_VIDEO_BYTES + 1024 * 1024,
      schema: {
        params: z.object({ kind: z.enum(MEDIA_KINDS) }),
        response: { 200: imageUploadResponseSchema },
      },
    },
    async (request) => {
      const isVideo = request.params.kind === 'video';
      const file = request.isMultipart()
        ? await readUpload(() =>
            request.file(isVideo ? { limits: { fileSize: MAX_VIDEO_BYTES } } : undefined),
          )
        : undefined;
      if (!file) throw noFile();
      const url = isVideo ? await storeVideo(app.storage, file) : await storeImage(app.storage, file);
      return { status: 'success' as const, data: { url } };
    },
  );
};

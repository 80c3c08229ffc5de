import {
  changePasswordBodySchema,
  imageUploadResponseSchema,
  updateOwnAccountBodySchema,
} from '@shared/schemas/account';
import { okSchema } from '@shared/schemas/common';
import { sessionUserResponseSchema } from '@shared/schemas/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors';
import { readUpload } from '../../lib/uploads';
import { scopes } from '../../plugins/cache-scopes';
import { declareChanges } from '../../plugins/read-cache';
import { currentUser } from '../../plugins/session';
import { branchDirectory } from '../branches';
import { processImage } from '../images';
import { assertOwnImage, changeOwnPassword, updateOwnAccount } from './account-service';
import { findUserById, toUser } from './service';

/** A signed-in user's own account; static /users/me paths win over /users/:id in Fastify's router. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  // What these writes change for the read caches (docs/decisions/0022): one's own name, photo, password.
  declareChanges(app, [scopes.users]);
  app.patch(
    '/users/me',
    {
      config: { access: 'signedIn' },
      schema: { body: updateOwnAccountBodySchema, response: { 200: sessionUserResponseSchema } },
    },
    async (request) => {
      const me = currentUser(request);
      const current = await findUserById(app.db, me.id);
      await assertOwnImage(app.storage, request.body.image, current?.image ?? null);
      const row = await updateOwnAccount(app.db, me.id, request.body);
      return { status: 'success' as const, data: { user: toUser(row, await branchDirectory(app.db)) } };
    },
  );

  app.patch(
    '/users/me/password',
    {
      config: { access: 'signedIn' },
      schema: { body: changePasswordBodySchema, response: { 200: okSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      const { currentPassword, newPassword } = request.body;
      await changeOwnPassword(app.db, user.id, user.sessionId, currentPassword, newPassword);
      return { status: 'success' as const, message: 'הסיסמה עודכנה' };
    },
  );

  // A user photo (own or, for an admin, anyone's): the URL is then saved with PATCH /users/me or /users/{id}.
  app.post(
    '/users/image',
    { config: { access: 'signedIn' }, schema: { response: { 200: imageUploadResponseSchema } } },
    async (request) => {
      const file = request.isMultipart() ? await readUpload(() => request.file()) : undefined;
      if (!file) throw badRequest('יש לבחור קובץ תמונה', { image: 'יש לבחור קובץ תמונה' });
      const image = await processImage(app.storage, await readUpload(() => file.toBuffer()), 'users');
      const medium = image.variants[1] ?? image.variants[0]!;
      return { status: 'success' as const, data: { url: app.storage.url(medium.key) } };
    },
  );
};

import { createReadStream } from 'node:fs';
import { BACKUP_MESSAGES, backupsResponseSchema, createBackupResponseSchema } from '@shared/schemas/backups';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type BackupInfo, listBackups } from '../../db/backup';
import { backupDirOf, backupNow } from '../../lib/backups';
import { conflict, notFound } from '../../lib/errors';
import { declareChanges } from '../../plugins/read-cache';

const toItem = (b: BackupInfo) => ({ name: b.name, size: b.size, createdAt: b.createdAt.toISOString() });

/** Backups of the embedded database, for the admin's settings page. */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  // What these writes change for the read caches (docs/decisions/0022): a backup changes no data.
  declareChanges(app, []);
  const embedded = () => app.dbHandle.kind === 'pglite';

  app.get(
    '/backups',
    { config: { access: 'network' }, schema: { response: { 200: backupsResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const backups = embedded() ? listBackups(backupDirOf(app.env)).map(toItem) : [];
      return { status: 'success' as const, data: { embedded: embedded(), backups } };
    },
  );

  app.post(
    '/backups',
    { config: { access: 'network' }, schema: { response: { 201: createBackupResponseSchema } } },
    async (request, reply) => {
      if (!embedded()) throw conflict(BACKUP_MESSAGES.notEmbedded);
      const backup = await backupNow(app);
      request.log.info({ backup: backup.name }, 'database backup written on request');
      return reply.status(201).send({ status: 'success' as const, data: { backup: toItem(backup) } });
    },
  );

  app.get('/backups/latest', { config: { access: 'network' } }, async (_request, reply) => {
    const latest = embedded() ? listBackups(backupDirOf(app.env))[0] : undefined;
    if (!latest) throw notFound(BACKUP_MESSAGES.none);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${latest.name}"`)
      .header('content-length', latest.size)
      .type('application/gzip')
      .send(createReadStream(latest.path));
  });
};

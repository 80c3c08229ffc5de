import { z } from 'zod';
import { successSchema } from './common';

export const backupItemSchema = z.object({ name: z.string(), size: z.number().int(), createdAt: z.string() });

/** `embedded` is false on a PostgreSQL server, whose backups are pg_dump's job, not the application's. */
export const backupsResponseSchema = successSchema(
  z.object({ embedded: z.boolean(), backups: z.array(backupItemSchema) }),
);
export type BackupsList = z.infer<typeof backupsResponseSchema>['data'];

export const createBackupResponseSchema = successSchema(z.object({ backup: backupItemSchema }));

export const BACKUP_MESSAGES = {
  none: 'אין עדיין גיבוי',
  notEmbedded: 'גיבוי מתוך האתר זמין רק במסד הנתונים המובנה; בשרת PostgreSQL מגבים עם pg_dump',
} as const;

import { z } from 'zod';
import { successSchema } from './common';

export const IMPORT_COLLECTIONS = ['users', 'indicators', 'goals', 'properties', 'reportcontacts'] as const;

const collectionSummarySchema = z.object({
  present: z.boolean(),
  read: z.number(),
  imported: z.number(),
  updated: z.number(),
  skipped: z.number(),
});

/** The counts of one import from the earlier MongoDB app (the full report is in the audit log). */
export const importSummarySchema = z.object({
  at: z.string(),
  collections: z.object(
    Object.fromEntries(IMPORT_COLLECTIONS.map((c) => [c, collectionSummarySchema])) as Record<
      (typeof IMPORT_COLLECTIONS)[number],
      typeof collectionSummarySchema
    >,
  ),
  passwordConfirmDropped: z.number(),
  usersWithoutPassword: z.number(),
  resetsSent: z.number(),
  unknownReferences: z.number(),
  mapped: z.number(),
  externalImages: z.number(),
  imagesProcessed: z.number(),
  imagesMissing: z.number(),
  imagesRejected: z.number(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const lastImportResponseSchema = successSchema(
  z.object({ lastImport: importSummarySchema.nullable() }),
);

import { z } from 'zod';
import { idSchema, numberText, successSchema } from './common';

export const AUDIT_ENTITIES = [
  'user',
  'settings',
  'property',
  'goal',
  'indicator',
  'import',
  'lead',
  'branch',
  'order',
] as const;
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'activate', 'deactivate', 'revoke'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_PAGE_SIZE = 50;

export const auditQuerySchema = z.object({
  actorId: idSchema.optional(),
  entity: z.enum(AUDIT_ENTITIES).optional(),
  page: numberText(z.number().int().min(1).max(100_000).default(1)),
  pageSize: numberText(z.number().int().min(1).max(200).default(AUDIT_PAGE_SIZE)),
});

export const auditEntrySchema = z.object({
  _id: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string(),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.string().nullable(),
  /** What the entry is about in words: a user's name, a property's address, 'agent · month' of a goal. */
  subject: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListResponseSchema = successSchema(
  z.object({
    data: z.array(auditEntrySchema),
    total: z.number(),
    /** Names of the user ids, and addresses of the property ids, the page's changes mention (never the id). */
    names: z.record(z.string(), z.string()),
    page: z.number(),
    pageSize: z.number(),
  }),
);

import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema';
import type { SessionUser } from '../plugins/session';

type Entity = (typeof auditLog.$inferInsert)['entity'];
type Action = (typeof auditLog.$inferInsert)['action'];

const SECRET_KEY = /password|hash|token|secret/i;
/** Not a change anyone made: the row's own id (the entry names it) and its bookkeeping. */
const SKIPPED_KEYS = new Set(['id', 'updatedAt', 'legacyId']);

/** No value: null, undefined, empty text, an empty list or an empty object (a form sends '' for 'none'). */
const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !(value instanceof Date) && Object.keys(value as object).length === 0);

/**
 * The fields whose values differ, as { field: { before, after } }: a field that stayed empty (null before, ''
 * after) is not a change, and neither are the row's id and bookkeeping; secrets are never recorded.
 */
export function diffFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (SECRET_KEY.test(key) || SKIPPED_KEYS.has(key)) continue;
    const a = before?.[key] ?? null;
    const b = after?.[key] ?? null;
    if (isEmpty(a) && isEmpty(b)) continue;
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[key] = { before: a, after: b };
  }
  return changes;
}

/** Whether the audit log holds the deletion of this record (served by audit_log_entity_id_idx). */
export async function wasDeleted(db: Database, entity: Entity, entityId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId), eq(auditLog.action, 'delete')))
    .limit(1);
  return row !== undefined;
}

/**
 * Records a change made by an admin (call it inside the same transaction as the change when there is one).
 * Changes by non-admins are not audited; an update that changed nothing writes nothing.
 */
export async function recordAudit(
  db: Database,
  actor: SessionUser | null,
  entry: {
    entity: Entity;
    entityId: string | null;
    action: Action;
    before?: Record<string, unknown> | null;
    after?: Record<string, unknown> | null;
  },
): Promise<void> {
  if (actor?.role !== 'admin') return;
  const changes = diffFields(entry.before, entry.after);
  if (entry.action === 'update' && Object.keys(changes).length === 0) return;
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorName: actor.name,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    changes,
  });
}

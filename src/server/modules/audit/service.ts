import type { AuditEntry, auditQuerySchema } from '@shared/schemas/audit';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';
import { describeEntries } from './subjects';

type Filters = z.output<typeof auditQuerySchema>;

/** One page of the audit log, newest first, optionally only one actor's or one entity's entries. */
export async function listAudit(
  db: Database,
  q: Filters,
): Promise<{ data: AuditEntry[]; total: number; names: Record<string, string> }> {
  const conditions: SQL[] = [];
  if (q.actorId) conditions.push(eq(auditLog.actorId, q.actorId));
  if (q.entity) conditions.push(eq(auditLog.entity, q.entity));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  const { names, subjectOf } = await describeEntries(db, rows);
  return {
    total: Number(totals?.total ?? 0),
    names,
    data: rows.map((r) => ({
      _id: r.id,
      actorId: r.actorId,
      actorName: r.actorName,
      entity: r.entity,
      entityId: r.entityId,
      subject: subjectOf(r),
      action: r.action,
      changes: r.changes,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

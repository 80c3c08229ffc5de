import { sql } from 'drizzle-orm';
import { properties, reportContacts } from '../../db/schema';
import { chunks, countUpserts, forEachDocument, type ImportContext, skipOf } from './context';
import { mapReportContact } from './map-report-contact';

export async function importReportContacts(ctx: ImportContext): Promise<void> {
  // The earlier app named the property by its address only; link the agent's property at that address.
  const listed = await ctx.tx
    .select({
      id: properties.id,
      address: properties.address,
      a: properties.agentId,
      b: properties.agentSecendId,
    })
    .from(properties);
  const propertyAt = new Map<string, string>();
  for (const p of listed) {
    for (const agent of [p.a, p.b]) if (agent) propertyAt.set(`${agent}:${p.address}`, p.id);
  }
  const rows: (typeof reportContacts.$inferInsert)[] = [];
  const skipped = ctx.report.collections.reportcontacts.skipped;
  await forEachDocument(ctx, 'reportcontacts', (doc, notes) => {
    const mapped = mapReportContact(doc, notes, (legacyId) => ctx.userIds.get(legacyId));
    if (!mapped.ok) return void skipped.push(skipOf(notes.legacyId, mapped));
    const r = mapped.value;
    rows.push({ ...r, propertyId: propertyAt.get(`${r.agentId}:${r.exclusiveProperty}`) ?? null });
  });
  for (const batch of chunks(rows)) {
    const result = await ctx.tx
      .insert(reportContacts)
      .values(batch)
      .onConflictDoUpdate({
        target: reportContacts.legacyId,
        set: Object.fromEntries(
          [
            'agent_id',
            'property_id',
            'client_name',
            'exclusive_property',
            'visits',
            'views',
            'inquiries',
            'status_date',
            'note',
            'created_at',
          ].map((column) => [camel(column), sql.raw(`excluded.${column}`)]),
        ),
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    countUpserts(ctx, 'reportcontacts', result);
  }
}

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

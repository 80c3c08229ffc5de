import { isPlausibleDate } from '@shared/domain/dates';
import { israelDate } from '@shared/domain/israel-time';
import type { ResolveUser } from './map-metrics';
import type { Mapping } from './map-user';
import type { RecordNotes } from './report';
import { asDate, asName, asNumber, asText, objectIdTime, refOf } from './values';

export type MappedReportContact = {
  legacyId: string;
  agentId: string;
  clientName: string;
  exclusiveProperty: string;
  visits: number;
  views: number;
  inquiries: number;
  statusDate: string;
  note: string;
  createdAt: Date;
};

const count = (value: unknown) => Math.max(0, Math.round(asNumber(value) ?? 0));

export function mapReportContact(
  doc: Record<string, unknown>,
  notes: RecordNotes,
  resolve: ResolveUser,
): Mapping<MappedReportContact> {
  const { id } = refOf(doc.agent);
  if (!id) return { ok: false, reason: 'no agent' };
  const agentId = resolve(id);
  if (!agentId) {
    notes.unknownRef('agent', id);
    return { ok: false, reason: `unknown agent ${id}` };
  }
  const clientName = asName(doc.clientName);
  const exclusiveProperty = asText(doc.exclusiveProperty);
  if (!clientName || !exclusiveProperty) return { ok: false, reason: 'no clientName or exclusiveProperty' };
  const createdAt = asDate(doc.createdAt) ?? objectIdTime(notes.legacyId) ?? new Date();
  const given = asDate(doc.statusDate);
  // A status date outside 2000 to one year ahead is a typo: the day the report was written stands for it.
  const status = given && isPlausibleDate(israelDate(given)) ? given : null;
  if (!status) notes.mapped('statusDate', doc.statusDate ?? null, israelDate(createdAt));
  if (!isPlausibleDate(israelDate(status ?? createdAt)))
    return { ok: false, reason: `no statusDate between 2000 and one year ahead` };
  return {
    ok: true,
    value: {
      legacyId: notes.legacyId,
      agentId,
      clientName,
      exclusiveProperty,
      visits: count(doc.visits),
      views: count(doc.views),
      inquiries: count(doc.inquiries),
      // A calendar date: the day in Israel of the stored instant.
      statusDate: israelDate(status ?? createdAt),
      note: asText(doc.note) ?? '',
      createdAt,
    },
  };
}

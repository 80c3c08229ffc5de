import { isPlausibleDate } from '@shared/domain/dates';
import { israelDate } from '@shared/domain/israel-time';
import type { ResolveUser } from './map-metrics';
import type { RecordNotes } from './report';
import { applyRules, type Mapping, RULES } from './rules';
import { asDate, asNumber, asText, objectIdTime, refOf } from './values';

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
  const clientName = asText(doc.clientName);
  const exclusiveProperty = asText(doc.exclusiveProperty);
  if (!clientName || !exclusiveProperty)
    return { ok: false, reason: 'no clientName or exclusiveProperty', invalid: true };
  const createdAt = asDate(doc.createdAt) ?? objectIdTime(notes.legacyId) ?? new Date();
  const given = asDate(doc.statusDate);
  // A status date before 2000 or after today (the API refuses both) is a typo: the day the report was written
  // stands for it.
  const day = given && israelDate(given);
  const status = day && isPlausibleDate(day) && day <= israelDate() ? given : null;
  if (!status) notes.mapped('statusDate', doc.statusDate ?? null, israelDate(createdAt));
  if (!isPlausibleDate(israelDate(status ?? createdAt)))
    return { ok: false, invalid: true, reason: `no statusDate between 2000 and one year ahead` };
  // The API's rules, as an agent's report would meet them (a status date after today is refused there too).
  const checked = applyRules(RULES.reportContact, {
    clientName,
    exclusiveProperty,
    visits: count(doc.visits),
    views: count(doc.views),
    inquiries: count(doc.inquiries),
    // A calendar date: the day in Israel of the stored instant.
    statusDate: israelDate(status ?? createdAt),
    note: asText(doc.note) ?? '',
  });
  if (!checked.ok) return checked;
  const r = checked.value;
  return {
    ok: true,
    value: {
      legacyId: notes.legacyId,
      agentId,
      clientName: r.clientName,
      exclusiveProperty: r.exclusiveProperty,
      visits: r.visits,
      views: r.views,
      inquiries: r.inquiries,
      statusDate: r.statusDate!,
      note: r.note,
      createdAt,
    },
  };
}

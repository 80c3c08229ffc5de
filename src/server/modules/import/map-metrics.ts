import { isPlausibleDate, isPlausibleYear } from '@shared/domain/dates';
import { israelDate } from '@shared/domain/israel-time';
import { METRIC_KEYS, type Metrics } from '@shared/domain/metrics';
import type { RecordNotes } from './report';
import { applyRules, type Mapping, RULES } from './rules';
import { asDate, asNumber, objectIdTime, refOf } from './values';

/** Resolves a legacy user `_id` to our user id (users imported now or by an earlier run). */
export type ResolveUser = (legacyId: string) => string | undefined;

/** Negative counts become 0 and fractions are rounded (noted); then the API's rules (at most 10,000 each). */
function metricsOf(doc: Record<string, unknown>, notes: RecordNotes): Mapping<Metrics> {
  const out = {} as Metrics;
  for (const key of METRIC_KEYS) {
    const raw = doc[key];
    const n = asNumber(raw);
    const value = n === null ? 0 : Math.max(0, Math.round(n));
    if (raw !== undefined && raw !== null && value !== raw) notes.mapped(key, raw, value);
    out[key] = value;
  }
  return applyRules(RULES.metrics, out);
}

function agentOf(doc: Record<string, unknown>, notes: RecordNotes, resolve: ResolveUser): Mapping<string> {
  const { id, extra } = refOf(doc.agent);
  if (!id) return { ok: false, reason: 'no agent' };
  const agentId = resolve(id);
  if (!agentId) {
    notes.unknownRef('agent', id);
    return { ok: false, reason: `unknown agent ${id}` };
  }
  if (extra > 0) notes.mapped('agent', `${extra + 1} agents`, `the first one (${id})`);
  return { ok: true, value: agentId };
}

export type MappedIndicator = Metrics & { legacyId: string; agentId: string; createdAt: Date };

export function mapIndicator(
  doc: Record<string, unknown>,
  notes: RecordNotes,
  resolve: ResolveUser,
): Mapping<MappedIndicator> {
  const agent = agentOf(doc, notes, resolve);
  if (!agent.ok) return agent;
  let createdAt = asDate(doc.createdAt);
  if (!createdAt) {
    createdAt = objectIdTime(notes.legacyId);
    if (!createdAt) return { ok: false, reason: 'no createdAt' };
    notes.mapped('createdAt', doc.createdAt ?? null, createdAt);
  }
  if (!isPlausibleDate(israelDate(createdAt)))
    return {
      ok: false,
      invalid: true,
      reason: `createdAt ${createdAt.toISOString()} is not between 2000 and one year ahead`,
    };
  const metrics = metricsOf(doc, notes);
  if (!metrics.ok) return metrics;
  return { ok: true, value: { legacyId: notes.legacyId, agentId: agent.value, createdAt, ...metrics.value } };
}

export type MappedGoal = Metrics & {
  legacyId: string;
  agentId: string;
  year: number;
  month: number;
  createdAt: Date;
};

export function mapGoal(
  doc: Record<string, unknown>,
  notes: RecordNotes,
  resolve: ResolveUser,
): Mapping<MappedGoal> {
  const agent = agentOf(doc, notes, resolve);
  if (!agent.ok) return agent;
  const createdAt = asDate(doc.createdAt) ?? objectIdTime(notes.legacyId);
  let year = asNumber(doc.year);
  let month = asNumber(doc.month);
  const valid = year !== null && month !== null && Number.isInteger(year) && month >= 1 && month <= 12;
  if (!valid) {
    // The earlier app filled year/month from the creation date; the month is the calendar month in Israel.
    if (!createdAt) return { ok: false, reason: 'no year/month and no createdAt' };
    const [y, m] = israelDate(createdAt).split('-');
    notes.mapped(
      'year/month',
      { year: doc.year ?? null, month: doc.month ?? null },
      `${Number(m)}/${y} (createdAt, Israel time)`,
    );
    year = Number(y);
    month = Number(m);
  }
  if (!isPlausibleYear(year!))
    return { ok: false, invalid: true, reason: `year ${year} is not between 2000 and next year` };
  const metrics = metricsOf(doc, notes);
  if (!metrics.ok) return metrics;
  return {
    ok: true,
    value: {
      legacyId: notes.legacyId,
      agentId: agent.value,
      year: year!,
      month: month!,
      createdAt: createdAt ?? new Date(),
      ...metrics.value,
    },
  };
}

import { LEAD_STATUS_LABELS, type LeadStatus } from '@shared/domain/pipeline';
import { ROUTING_RULE_LABELS, type RoutingRule } from '@shared/domain/routing';
import type { AuditEntry } from '@shared/schemas/audit';
import { admin as heAdmin } from '@web/i18n/admin';
import { he } from '@web/i18n/he';
import { performance as hePerformance } from '@web/i18n/performance';
import { formatDate, formatPrice } from '@web/lib/format';

const t = heAdmin.audit;
const time = new Intl.DateTimeFormat('he-IL', {
  timeZone: 'Asia/Jerusalem',
  hour: '2-digit',
  minute: '2-digit',
});

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** Fields whose values are user ids. */
const USER_FIELDS = new Set(['agentId', 'agentSecendId', 'ownerId']);
/** Fields whose values are branch ids: shown as the branch's name the server gives. */
const BRANCH_FIELDS = new Set(['branchId', 'toBranchId']);
/** Fields whose values are property ids: shown as the address the server names them by. */
const PROPERTY_FIELDS = new Set(['propertyId']);
/** Fields whose values are shekels: shown with separators and ₪ after the number. */
const PRICE_FIELDS = new Set(['price']);
/** Not a change anyone made (earlier entries recorded them): the row's id and bookkeeping. */
const HIDDEN_FIELDS = new Set(['id', 'legacyId', 'updatedAt']);

/**
 * A stored value as short readable text: a user id as the user's name, an instant as a date, a list of
 * photo ids as their count, a value of a fixed list (transaction type) in Hebrew; an object as its
 * 'label: value' pairs and a list as its items, each shown the same way (never as JSON).
 */
function show(field: string, value: unknown, names: Record<string, string>, nested = false): string {
  if (value === null || value === undefined || value === '') return t.empty;
  if (typeof value === 'boolean') return value ? t.yes : t.no;
  if (USER_FIELDS.has(field) && typeof value === 'string') return names[value] ?? t.unknownUser;
  if (BRANCH_FIELDS.has(field) && typeof value === 'string') return names[value] ?? value;
  if (field === 'rules' && typeof value === 'string')
    return ROUTING_RULE_LABELS[value as RoutingRule] ?? value;
  if (field === 'status' && typeof value === 'string')
    return LEAD_STATUS_LABELS[value as LeadStatus] ?? t.referralStatuses[value] ?? value;
  if (PROPERTY_FIELDS.has(field) && typeof value === 'string') return names[value] ?? t.unknownProperty;
  if (PRICE_FIELDS.has(field) && typeof value === 'number') return formatPrice(value);
  if (field === 'images' && Array.isArray(value)) return t.photos(value.length);
  if (field === 'images' && typeof value === 'number') return t.photos(value);
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return formatDate(new Date(value));
  if (Array.isArray(value)) {
    return value.length === 0 ? t.empty : value.map((item) => show(field, item, names, true)).join(', ');
  }
  if (typeof value === 'object') {
    const pairs = Object.entries(value).map(
      ([key, inner]) => `${subLabelOf(key)}: ${show(key, inner, names, true)}`,
    );
    if (pairs.length === 0) return t.empty;
    // Inside a list or another object, parentheses keep each object's pairs together.
    return nested ? `(${pairs.join('; ')})` : pairs.join('; ');
  }
  return String(value);
}

/** The Hebrew label of a recorded field of any entity (users, settings, properties, goals, statuses). */
const labelOf = (field: string) =>
  t.fields[field] ??
  (he.properties.fields as Record<string, string>)[field] ??
  (hePerformance.metrics as Record<string, string>)[field] ??
  field;

/** The Hebrew label of a key inside a recorded object value. */
const subLabelOf = (key: string) => t.subfields[key] ?? labelOf(key);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields an entry really changed, each with its before and after: an object value (the accessibility
 * statement, the media) narrowed to the keys that changed, and a field that reads the same on both sides (an
 * empty value written two ways, an id, bookkeeping) left out.
 */
function changedFields(entry: AuditEntry, names: Record<string, string>) {
  return Object.entries(entry.changes).flatMap(([field, { before, after }]) => {
    if (HIDDEN_FIELDS.has(field)) return [];
    let shownBefore = before;
    let shownAfter = after;
    if (isRecord(before) && isRecord(after)) {
      const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
        (key) => show(key, before[key], names, true) !== show(key, after[key], names, true),
      );
      shownBefore = Object.fromEntries(keys.map((key) => [key, before[key]]));
      shownAfter = Object.fromEntries(keys.map((key) => [key, after[key]]));
    }
    const from = show(field, shownBefore, names);
    const to = show(field, shownAfter, names);
    return from === to ? [] : [{ field, from, to }];
  });
}

/** One change: who, when, what, and before → after of each changed field. */
export function AuditEntryRow({ entry, names }: { entry: AuditEntry; names: Record<string, string> }) {
  const when = new Date(entry.createdAt);
  const subject = entry.subject;
  const changes = changedFields(entry, names);
  return (
    <li data-testid="audit-entry" className="rounded-xl bg-white p-4 shadow-sm">
      <div className="mb-2 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-semibold text-brand-900">{entry.actorName}</span>
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-sm text-brand-900">
          {t.actions[entry.action] ?? entry.action} · {t.entities[entry.entity] ?? entry.entity}
          {subject ? `: ${subject}` : ''}
        </span>
        <time dateTime={entry.createdAt} className="ms-auto text-sm text-slate-600">
          {formatDate(when)} {time.format(when)}
        </time>
      </div>
      {changes.length > 0 && (
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
          {changes.map(({ field, from, to }) => (
            <div key={field} className="contents">
              <dt className="font-medium text-slate-700">{labelOf(field)}</dt>
              <dd className="min-w-0 break-words">
                <del className="text-red-800">
                  <bdi>{from}</bdi>
                </del>
                <span aria-hidden="true"> ← </span>
                <span className="sr-only"> → </span>
                <ins className="text-emerald-800 no-underline">
                  <bdi>{to}</bdi>
                </ins>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

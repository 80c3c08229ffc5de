import type { AuditEntry } from '@shared/schemas/audit';
import { he } from '@web/i18n/he';
import { formatDate } from '@web/lib/format';

const t = he.admin.audit;
const time = new Intl.DateTimeFormat('he-IL', {
  timeZone: 'Asia/Jerusalem',
  hour: '2-digit',
  minute: '2-digit',
});

/** A stored value as short readable text (objects such as founders are shown as compact JSON). */
function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return t.empty;
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One change: who, when, what, and before → after of each changed field. */
export function AuditEntryRow({ entry, subject }: { entry: AuditEntry; subject?: string }) {
  const when = new Date(entry.createdAt);
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
      {Object.keys(entry.changes).length > 0 && (
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
          {Object.entries(entry.changes).map(([field, { before, after }]) => (
            <div key={field} className="contents">
              <dt className="font-medium text-slate-700">{t.fields[field] ?? field}</dt>
              <dd className="min-w-0 break-words">
                <del className="text-red-800">
                  <bdi>{show(before)}</bdi>
                </del>
                <span aria-hidden="true"> ← </span>
                <span className="sr-only"> → </span>
                <ins className="text-emerald-800 no-underline">
                  <bdi>{show(after)}</bdi>
                </ins>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

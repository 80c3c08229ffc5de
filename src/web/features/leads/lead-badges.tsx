import { LEAD_STATUS_LABELS, type LeadStatus } from '@shared/domain/pipeline';
import { pipeline } from '@web/i18n/pipeline';
import { AlarmClock, Siren } from 'lucide-react';

const t = pipeline.common;

const STATUS_TONES: Record<LeadStatus, string> = {
  new: 'bg-sky-100 text-sky-900',
  contacted: 'bg-indigo-100 text-indigo-900',
  meeting: 'bg-violet-100 text-violet-900',
  tour: 'bg-amber-100 text-amber-900',
  offer: 'bg-orange-100 text-orange-900',
  deal: 'bg-green-100 text-green-900',
  lost: 'bg-slate-200 text-slate-800',
};

export function StatusBadge({ status }: { status: LeadStatus }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-sm font-medium ${STATUS_TONES[status]}`}>
      {LEAD_STATUS_LABELS[status]}
    </span>
  );
}

/** Overdue (a next touch that passed) and escalated (no first contact in time), in words, not colour alone. */
export function LeadFlags({ overdue, escalated }: { overdue: boolean; escalated: boolean }) {
  if (!overdue && !escalated) return null;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {overdue && (
        <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-sm font-medium text-red-900">
          <AlarmClock aria-hidden="true" size={14} />
          {t.overdue}
        </span>
      )}
      {escalated && (
        <span
          title={t.escalatedTitle}
          className="inline-flex items-center gap-1 rounded-full bg-red-700 px-2 py-0.5 text-sm font-medium text-white"
        >
          <Siren aria-hidden="true" size={14} />
          {t.escalated}
        </span>
      )}
    </span>
  );
}

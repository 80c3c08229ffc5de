import { LEAD_SOURCE_LABELS } from '@shared/domain/pipeline';
import { paths } from '@shared/paths';
import type { LeadSummary } from '@shared/schemas/pipeline';
import { pipeline } from '@web/i18n/pipeline';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ContactActions } from './contact-actions';
import { formatShortDateTime } from './format';
import { LeadFlags } from './lead-badges';

const t = pipeline;

/** One lead as a card: the board's, and the agent's day. `children` adds the card's own controls. */
export function LeadCard({
  lead,
  showOwner,
  children,
  handle,
}: {
  lead: LeadSummary;
  showOwner: boolean;
  children?: ReactNode;
  /** The board's drag handle, at the card's start. */
  handle?: ReactNode;
}) {
  return (
    <article
      data-lead-card={lead._id}
      aria-labelledby={`lead-${lead._id}-name`}
      className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
    >
      <div className="flex items-start gap-2">
        {handle}
        <div className="flex min-w-0 flex-1 flex-col">
          <Link
            id={`lead-${lead._id}-name`}
            to={paths.leadView(lead._id)}
            className="font-semibold text-brand-800 underline underline-offset-2"
          >
            {lead.name}
          </Link>
          <span className="text-sm text-slate-700">
            {lead.property
              ? `${lead.property.address}, ${lead.property.city}`
              : LEAD_SOURCE_LABELS[lead.source]}
          </span>
          {showOwner && (
            <span className="text-sm text-slate-700">{lead.owner?.name ?? t.common.unassigned}</span>
          )}
        </div>
      </div>
      {lead.message && <p className="line-clamp-2 text-sm break-words text-slate-700">{lead.message}</p>}
      <LeadFlags overdue={lead.overdue} escalated={lead.escalated} />
      {lead.nextTouchAt && (
        <span className="text-sm text-slate-700">
          {t.common.nextTouch}: {formatShortDateTime(lead.nextTouchAt)}
        </span>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <ContactActions leadId={lead._id} name={lead.name} phone={lead.phone} compact />
        {children}
      </div>
    </article>
  );
}

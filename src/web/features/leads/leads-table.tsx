import { LEAD_SOURCE_LABELS } from '@shared/domain/pipeline';
import { paths } from '@shared/paths';
import type { LeadSummary } from '@shared/schemas/pipeline';
import { ScrollRegion } from '@web/components/scroll-region';
import { pipeline } from '@web/i18n/pipeline';
import { formatMinutes } from '@web/lib/format';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ContactActions } from './contact-actions';
import { formatShortDateTime } from './format';
import { LeadFlags, StatusBadge } from './lead-badges';

const t = pipeline.leads.columns;

type Column = { header: string; cell: (lead: LeadSummary) => ReactNode };

/**
 * The leads as a table; on a phone each row is a card (`cards-on-phone`), so nothing scrolls sideways. The
 * network's roles see every branch's leads, so their table names each lead's branch.
 */
export function LeadsTable({
  leads,
  showOwner,
  showBranch = false,
}: {
  leads: LeadSummary[];
  showOwner: boolean;
  showBranch?: boolean;
}) {
  const columns: Column[] = [
    {
      header: t.name,
      cell: (lead) => (
        <Link
          to={paths.leadView(lead._id)}
          className="font-semibold text-brand-800 underline underline-offset-2"
        >
          {lead.name}
        </Link>
      ),
    },
    {
      header: t.phone,
      cell: (lead) => (
        <span className="flex flex-wrap items-center gap-2">
          <span dir="ltr">{lead.phone}</span>
          <ContactActions leadId={lead._id} name={lead.name} phone={lead.phone} compact />
        </span>
      ),
    },
    {
      header: t.status,
      cell: (lead) => (
        <span className="flex flex-wrap gap-1">
          <StatusBadge status={lead.status} />
          <LeadFlags overdue={lead.overdue} escalated={lead.escalated} />
        </span>
      ),
    },
    { header: t.source, cell: (lead) => LEAD_SOURCE_LABELS[lead.source] },
    {
      header: t.property,
      cell: (lead) =>
        lead.property ? (
          <Link to={paths.propertyView(lead.property._id)} className="text-brand-700 underline">
            {lead.property.address}, {lead.property.city}
          </Link>
        ) : (
          '—'
        ),
    },
    {
      header: t.message,
      cell: (lead) =>
        lead.message ? (
          <span className="line-clamp-3 block max-w-xs break-words whitespace-pre-line">{lead.message}</span>
        ) : (
          '—'
        ),
    },
    ...(showOwner ? [{ header: t.owner, cell: (lead: LeadSummary) => lead.owner?.name ?? '—' }] : []),
    ...(showBranch ? [{ header: t.branch, cell: (lead: LeadSummary) => lead.branch.name || '—' }] : []),
    {
      header: t.nextTouch,
      cell: (lead) => (lead.nextTouchAt ? formatShortDateTime(lead.nextTouchAt) : '—'),
    },
    { header: t.received, cell: (lead) => formatShortDateTime(lead.createdAt) },
    { header: t.response, cell: (lead) => formatMinutes(lead.responseMinutes) },
  ];
  return (
    <ScrollRegion label={pipeline.leads.table} className="rounded-xl bg-white shadow-sm">
      <table className="cards-on-phone w-full text-start text-sm">
        <thead className="bg-brand-50 text-brand-900">
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className="px-3 py-2 text-start font-semibold whitespace-nowrap">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {leads.map((lead) => (
            <tr key={lead._id} className="border-t border-slate-100">
              {columns.map((c) => (
                <td key={c.header} data-label={c.header} className="px-3 py-2 align-top">
                  {c.cell(lead)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

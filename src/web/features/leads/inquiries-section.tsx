import { paths } from '@shared/paths';
import type { InquiryFilters, InquiryItem } from '@shared/schemas/inquiry';
import { SelectField } from '@web/components/select-field';
import { StatusMessage } from '@web/components/status-message';
import { he } from '@web/i18n/he';
import { formatPrice } from '@web/lib/format';
import { useState } from 'react';
import { Link } from 'react-router';
import { type InquiryFilter, useInquiries } from './api';
import { InboxTable, phoneCell, receivedAt } from './inbox-table';
import { MailStatus } from './mail-status';

const t = he.inquiries.inbox;
const NO_FILTER: InquiryFilter = { agentId: '', propertyId: '' };

function PropertyCell({ property }: { property: InquiryItem['property'] }) {
  if (!property) return <span className="text-slate-600">{t.deleted}</span>;
  return (
    <span className="flex flex-col">
      <Link to={paths.propertyView(property._id)} className="text-brand-700 underline">
        {property.address}, {property.city}
      </Link>
      <span className="text-slate-700">{formatPrice(property.price)}</span>
    </span>
  );
}

function Filters({
  options,
  value,
  onChange,
}: {
  options: InquiryFilters;
  value: InquiryFilter;
  onChange: (next: InquiryFilter) => void;
}) {
  const all = { value: '', label: t.all };
  return (
    <div className="grid gap-3 sm:grid-cols-2 md:max-w-2xl">
      <SelectField
        label={t.filterAgent}
        value={value.agentId}
        onChange={(e) => onChange({ ...value, agentId: e.target.value })}
        options={[all, ...options.agents.map((a) => ({ value: a._id, label: a.name }))]}
      />
      <SelectField
        label={t.filterProperty}
        value={value.propertyId}
        onChange={(e) => onChange({ ...value, propertyId: e.target.value })}
        options={[
          all,
          ...options.properties.map((p) => ({ value: p._id, label: `${p.address}, ${p.city}` })),
        ]}
      />
    </div>
  );
}

/** Inquiries about properties: for an admin every one with agent and property filters; for an agent their own. */
export function InquiriesSection({ admin = false }: { admin?: boolean }) {
  const [filter, setFilter] = useState(NO_FILTER);
  const query = useInquiries(filter);
  const options = query.data?.filters ?? { agents: [], properties: [] };
  return (
    <div className="flex flex-col gap-4">
      {admin && <Filters options={options} value={filter} onChange={setFilter} />}
      {query.isPending ? (
        <StatusMessage busy>{he.common.loading}</StatusMessage>
      ) : query.isError ? (
        <StatusMessage>{t.loadFailure}</StatusMessage>
      ) : (
        <InboxTable
          title={admin ? t.title : t.mineTitle}
          rows={query.data.inquiries}
          columns={[
            { header: t.receivedAt, cell: (r) => receivedAt(r.createdAt) },
            { header: t.name, cell: (r) => r.name },
            { header: t.phone, cell: (r) => phoneCell(r.phone) },
            { header: t.property, cell: (r) => <PropertyCell property={r.property} /> },
            {
              header: t.message,
              cell: (r) => <span className="block max-w-xs whitespace-pre-line">{r.message}</span>,
            },
            ...(admin
              ? [
                  { header: t.agent, cell: (r: InquiryItem) => r.agent?.name ?? t.office },
                  { header: t.mail, cell: (r: InquiryItem) => <MailStatus mail={r.mail} /> },
                ]
              : []),
          ]}
        />
      )}
    </div>
  );
}

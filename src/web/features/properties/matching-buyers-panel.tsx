import { overMaxText } from '@shared/domain/buyer-match';
import { telLink } from '@shared/domain/phone';
import { paths } from '@shared/paths';
import { StatusMessage } from '@web/components/status-message';
import { alerts } from '@web/i18n/alerts';
import { type MatchingBuyer, useMatchingBuyers } from '@web/lib/alerts-api';
import { formatDate } from '@web/lib/format';
import { Mail, Phone } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';

const t = alerts.matches;

function Buyer({ buyer }: { buyer: MatchingBuyer }) {
  const { contact } = buyer;
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3">
      <p className="font-semibold text-slate-900">{buyer.sentence}</p>
      <p className="flex flex-wrap gap-2 text-sm text-slate-700">
        <span>{t.since(formatDate(new Date(buyer.createdAt)))}</span>
        {buyer.overMaxPercent > 0 && (
          <span className="rounded-full bg-amber-100 px-2 font-semibold text-amber-900">
            {overMaxText(buyer.overMaxPercent)}
          </span>
        )}
      </p>
      {contact ? (
        <div className="flex flex-wrap items-center gap-3">
          <span className="font-medium">{contact.name}</span>
          {contact.phone && (
            <a
              href={telLink(contact.phone)}
              className="inline-flex items-center gap-1 text-brand-800 underline"
            >
              <Phone aria-hidden="true" size={16} />
              <bdi dir="ltr">{contact.phone}</bdi>
            </a>
          )}
          {contact.email && (
            <a
              href={`mailto:${contact.email}`}
              className="inline-flex items-center gap-1 text-brand-800 underline"
            >
              <Mail aria-hidden="true" size={16} />
              <bdi dir="ltr">{contact.email}</bdi>
            </a>
          )}
          {buyer.leadId && (
            <Link to={paths.leadView(buyer.leadId)} className="text-brand-800 underline">
              {t.openLead}
            </Link>
          )}
        </div>
      ) : (
        <p className="text-sm text-slate-600">{t.hiddenContact}</p>
      )}
    </li>
  );
}

/** 'קונים מתאימים' for the team: the saved searches this property meets, with contacts for its own agents. */
export function MatchingBuyersPanel({ propertyId }: { propertyId: string }) {
  const titleId = useId();
  const query = useMatchingBuyers(propertyId);
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-2xl bg-slate-50 p-4">
      <h2 id={titleId} className="text-xl font-bold text-brand-900">
        {t.buyersTitle}
        {query.data && (
          <span className="ms-2 text-base font-medium text-slate-700">({t.count(query.data.length)})</span>
        )}
      </h2>
      {query.isPending && <StatusMessage busy>{t.loading}</StatusMessage>}
      {query.isError && <p role="alert">{t.loadFailure}</p>}
      {query.data?.length === 0 && <p className="text-slate-700">{t.buyersEmpty}</p>}
      {query.data && query.data.length > 0 && (
        <ul className="flex flex-col gap-2">
          {query.data.map((buyer) => (
            <Buyer key={buyer.requirementId} buyer={buyer} />
          ))}
        </ul>
      )}
    </section>
  );
}

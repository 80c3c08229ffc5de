import { overMaxText } from '@shared/domain/buyer-match';
import { roomsText } from '@shared/domain/rooms';
import { paths } from '@shared/paths';
import { alerts } from '@web/i18n/alerts';
import { type RequirementMatches, useMatchingProperties } from '@web/lib/alerts-api';
import { formatPrice } from '@web/lib/format';
import { Link } from 'react-router';

const t = alerts.matches;

function Requirement({ requirement }: { requirement: RequirementMatches }) {
  return (
    <li className="flex flex-col gap-2">
      <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
        {requirement.sentence}
        {requirement.paused && (
          <span className="rounded-full bg-amber-100 px-2 text-sm text-amber-900">{t.paused}</span>
        )}
        <span className="text-sm font-normal text-slate-700">
          {t.propertyCount(requirement.matches.length)}
        </span>
      </p>
      {requirement.matches.length === 0 ? (
        <p className="text-slate-700">{t.propertiesEmpty}</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {requirement.matches.map(({ property: p, overMaxPercent, sharedMark }) => (
            <li key={p._id} className="flex flex-wrap items-center gap-2">
              <Link to={paths.propertyView(p._id)} className="text-brand-800 underline">
                {p.category} ב{p.address}, {p.city}
              </Link>
              <span className="text-sm text-slate-700">
                {formatPrice(p.price)}
                {p.rooms !== null && ` · ${roomsText(p.rooms)}`}
              </span>
              {sharedMark && (
                <span className="rounded-full bg-brand-50 px-2 text-sm font-semibold text-brand-900">
                  {sharedMark}
                </span>
              )}
              {overMaxPercent > 0 && (
                <span className="rounded-full bg-amber-100 px-2 text-sm font-semibold text-amber-900">
                  {overMaxText(overMaxPercent)}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** 'נכסים מתאימים' on a lead: what the contact's saved searches (buyer requirements) match now. */
export function MatchingPropertiesPanel({ leadId }: { leadId: string }) {
  const query = useMatchingProperties(leadId);
  if (query.isPending) return <p role="status">{t.loading}</p>;
  if (query.isError) return <p role="alert">{t.loadFailure}</p>;
  if (query.data.length === 0) return <p className="text-slate-700">{t.noRequirements}</p>;
  return (
    <ul className="flex flex-col gap-4">
      {query.data.map((requirement) => (
        <Requirement key={requirement._id} requirement={requirement} />
      ))}
    </ul>
  );
}

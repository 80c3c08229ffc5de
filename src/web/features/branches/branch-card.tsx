import { paths } from '@shared/paths';
import type { Branch } from '@shared/schemas/branch';
import { Button } from '@web/components/button';
import { branches as t } from '@web/i18n/branches';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FeePlanSection } from './fee-plan-section';

type Props = {
  branch: Branch;
  /** Network admins edit, close and reopen; a branch manager reads her branch. */
  manage: boolean;
  onEdit?: () => void;
  onToggleActive?: () => void;
  /** The server's refusal of the last reopen of this branch (a close shows its refusal in the close dialog). */
  refusal?: string;
};

function Detail({ term, children, ltr = false }: { term: string; children: ReactNode; ltr?: boolean }) {
  return (
    <>
      <dt className="text-slate-600">{term}</dt>
      <dd className="min-w-0 break-words">
        {children ? ltr ? <bdi dir="ltr">{children}</bdi> : children : t.notSet}
      </dd>
    </>
  );
}

/** One branch: its details as the brokerage order and the public page will print them, its state and actions. */
export function BranchCard({ branch, manage, onEdit, onToggleActive, refusal }: Props) {
  const headingId = `branch-${branch._id}`;
  return (
    <li
      data-testid="branch-card"
      aria-labelledby={headingId}
      className={`flex flex-col gap-3 rounded-xl p-4 shadow-sm ${
        branch.active ? 'bg-white' : 'border border-dashed border-slate-400 bg-slate-100'
      }`}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-brand-900">
          {branch.name}
        </h2>
        <span
          className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${
            branch.active ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'
          }`}
        >
          {branch.active ? t.active : t.closed}
        </span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <Detail term={t.city}>{branch.city}</Detail>
        <Detail term={t.address}>{branch.address}</Detail>
        <Detail term={t.phone} ltr>
          {branch.phone}
        </Detail>
        <Detail term={t.email} ltr>
          {branch.email}
        </Detail>
        <Detail term={t.openingHours}>{branch.openingHours}</Detail>
        <Detail term={t.legalEntity}>{branch.legalEntity}</Detail>
        <Detail term={t.slugShort} ltr>
          {branch.slug}
        </Detail>
      </dl>
      <div className="text-sm">
        <h3 className="font-semibold text-slate-800">{t.brokers}</h3>
        {branch.brokers.length === 0 ? (
          <p className="text-slate-600">{t.noBrokers}</p>
        ) : (
          <ul className="list-inside list-disc">
            {branch.brokers.map((broker) => (
              <li key={`${broker.name}-${broker.licenceNumber}`}>
                {broker.name} · {t.licenceShort(broker.licenceNumber)}
              </li>
            ))}
          </ul>
        )}
      </div>
      {branch.active && (
        <Link
          to={paths.branchGoal(branch._id)}
          aria-label={t.goalLabel(branch.name)}
          className="text-sm font-medium text-brand-700 underline"
        >
          {t.goal}
        </Link>
      )}
      <FeePlanSection branchId={branch._id} branchName={branch.name} manage={manage} />
      {refusal && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {refusal}
        </p>
      )}
      {manage && (
        <div className="mt-auto flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onEdit} aria-label={t.editLabel(branch.name)}>
            {t.edit}
          </Button>
          <Button
            variant={branch.active ? 'danger' : 'primary'}
            onClick={onToggleActive}
            aria-label={branch.active ? t.closeLabel(branch.name) : t.reopenLabel(branch.name)}
          >
            {branch.active ? t.close : t.reopen}
          </Button>
        </div>
      )}
    </li>
  );
}

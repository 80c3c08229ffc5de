import { hasNetworkAccess } from '@shared/domain/branch-scope';
import { DEAL_STATUS_LABELS, DEAL_STATUSES } from '@shared/schemas/deals';
import type { Availability } from '@shared/schemas/lead-settings';
import { useQuery } from '@tanstack/react-query';
import { buttonClass } from '@web/components/button';
import { FormField } from '@web/components/form-field';
import { Page } from '@web/components/page';
import { SelectField } from '@web/components/select-field';
import { StatusMessage } from '@web/components/status-message';
import { deals as t } from '@web/i18n/deals';
import { apiRequest } from '@web/lib/api-client';
import { useBranches } from '@web/lib/branches';
import { useSession } from '@web/lib/session';
import { useState } from 'react';
import { DealActions } from './deal-actions';
import { type DealFilters, dealsQueryString, useDeals } from './deals-api';
import { DealsTable } from './deals-table';
import { defaultRange } from './money-format';
import { MonthStatement } from './month-statement';

const useAgents = () =>
  useQuery({
    queryKey: ['deals', 'agents'],
    queryFn: () =>
      apiRequest<{ data: { agents: Availability[] } }>('/pipeline/agents').then((r) => r.data.agents),
    staleTime: 60_000,
  });

/**
 * "עסקאות ועמלות" (branch managers and network admins): deals by month range, agent, branch and status, with
 * the totals row, a CSV of the same filters and each deal's status and payment actions (docs/money.md).
 */
export function DealsPage() {
  const { user } = useSession();
  const network = user ? hasNetworkAccess(user) : false;
  const [filters, setFilters] = useState<DealFilters>(defaultRange);
  const query = useDeals(filters);
  const agents = useAgents();
  const branches = useBranches(network);
  const [month, setMonth] = useState(() => defaultRange().to);
  // "branch:<id>" or "agent:<id>": whose month statement is shown (the manager's own branch first).
  const [subject, setSubject] = useState('');
  const ownBranch = user ? `branch:${user.branch._id}` : '';
  const [kind, id] = (subject || ownBranch).split(':') as ['agent' | 'branch', string];
  const set = (key: keyof DealFilters) => (value: string) => setFilters((f) => ({ ...f, [key]: value }));
  return (
    <Page title={t.allTitle} wide>
      <fieldset className="mb-4 grid grid-cols-1 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        <legend className="sr-only">{t.filters}</legend>
        <FormField
          label={t.from}
          type="month"
          value={filters.from}
          onChange={(e) => e.target.value && set('from')(e.target.value)}
        />
        <FormField
          label={t.to}
          type="month"
          value={filters.to}
          onChange={(e) => e.target.value && set('to')(e.target.value)}
        />
        <SelectField
          label={t.agent}
          value={filters.agentId ?? ''}
          onChange={(e) => set('agentId')(e.target.value)}
        >
          <option value="">{t.any}</option>
          {(agents.data ?? []).map((a) => (
            <option key={a.agent._id} value={a.agent._id}>
              {a.agent.name}
            </option>
          ))}
        </SelectField>
        {network && (
          <SelectField
            label={t.branch}
            value={filters.branchId ?? ''}
            onChange={(e) => set('branchId')(e.target.value)}
          >
            <option value="">{t.any}</option>
            {(branches.data ?? []).map((b) => (
              <option key={b._id} value={b._id}>
                {b.name}
              </option>
            ))}
          </SelectField>
        )}
        <SelectField
          label={t.status}
          value={filters.status ?? ''}
          onChange={(e) => set('status')(e.target.value)}
        >
          <option value="">{t.any}</option>
          {DEAL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {DEAL_STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
      </fieldset>
      <p className="mb-4">
        <a
          className={buttonClass('secondary')}
          href={`/api/v1/deals.csv?${dealsQueryString(filters)}`}
          download
        >
          {t.csv}
        </a>
      </p>
      {query.isPending ? (
        <StatusMessage busy>{t.loading}</StatusMessage>
      ) : query.isError ? (
        <p role="alert" className="text-red-800">
          {t.failed}
        </p>
      ) : (
        <DealsTable list={query.data} mine={false} actions={(row) => <DealActions row={row} />} />
      )}
      <section aria-labelledby="month-statement" className="mt-8">
        <h2 id="month-statement" className="mb-2 text-lg font-bold text-brand-900">
          {t.statement.title}
        </h2>
        <fieldset className="mb-3 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <legend className="sr-only">{t.statement.title}</legend>
          <SelectField
            label={t.statement.subject}
            value={subject || ownBranch}
            onChange={(e) => setSubject(e.target.value)}
          >
            {network ? (
              (branches.data ?? []).map((b) => (
                <option key={b._id} value={`branch:${b._id}`}>
                  {t.statement.branchOption(b.name)}
                </option>
              ))
            ) : (
              <option value={ownBranch}>{t.statement.branchOption(user?.branch.name ?? '')}</option>
            )}
            {(agents.data ?? []).map((a) => (
              <option key={a.agent._id} value={`agent:${a.agent._id}`}>
                {t.statement.agentOption(a.agent.name, a.agent.gender)}
              </option>
            ))}
          </SelectField>
          <FormField
            label={t.statement.month}
            type="month"
            value={month}
            onChange={(e) => e.target.value && setMonth(e.target.value)}
          />
        </fieldset>
        {id && <MonthStatement subject={{ kind, id }} month={month} />}
      </section>
    </Page>
  );
}

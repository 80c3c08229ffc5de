import { hasNetworkAccess } from '@shared/domain/branch-scope';
import { METRIC_KEYS } from '@shared/domain/metrics';
import { isEmptyMonth } from '@shared/domain/month-figures';
import { scoreOf } from '@shared/domain/scoring';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Page } from '@web/components/page';
import { SelectField } from '@web/components/select-field';
import { StatusMessage } from '@web/components/status-message';
import { performance as hePerformance } from '@web/i18n/performance';
import { useBranches } from '@web/lib/branches';
import { useSession } from '@web/lib/session';
import { toast } from '@web/lib/toast';
import { useState } from 'react';
import { allPerformanceQuery, companyPerformanceQuery, type MonthKey } from './api';
import { AgentsComparisonChart } from './charts';
import { currentMonth, MonthPicker } from './month-picker';
import { PerformanceLeadsTable } from './performance-leads-table';
import { PerformanceTable } from './performance-table';
import { WorkingDaysCounters } from './working-days-counters';

const t = hePerformance;

/** /Performance (admin): the office's month, the company table and one table per agent. */
export function OfficePerformancePage() {
  const [month, setMonth] = useState<MonthKey>(currentMonth);
  const [branch, setBranch] = useState('');
  const { user } = useSession();
  const network = user ? hasNetworkAccess(user) : false;
  const branches = useBranches(network);
  const chosen = branch || undefined;
  const [company, agents] = useQueries({
    queries: [companyPerformanceQuery(month, chosen), allPerformanceQuery(month, chosen)],
  });

  const queryClient = useQueryClient();
  // The update button always refetches (even the same month) and reports the outcome (SPEC 8, data refresh).
  async function update(next: MonthKey) {
    try {
      await Promise.all([
        queryClient.fetchQuery({ ...companyPerformanceQuery(next, chosen), staleTime: 0 }),
        queryClient.fetchQuery({ ...allPerformanceQuery(next, chosen), staleTime: 0 }),
      ]);
      toast.success(t.common.refreshed);
    } catch {
      toast.error(t.common.refreshFailed);
    }
    setMonth(next);
  }

  const list = agents.data ?? [];
  const chart = list.map((a) => ({
    name: a.agentName,
    score: scoreOf(Object.fromEntries(METRIC_KEYS.map((k) => [k, a[k].actual]))),
  }));

  return (
    <Page title={t.office.title} wide>
      <MonthPicker
        key={`${month.year}-${month.month}`}
        value={month}
        onChange={update}
        submitLabel={t.common.update}
        busy={company.isFetching || agents.isFetching}
      />
      {network && (
        <div className="mb-6 max-w-xs">
          <SelectField
            label={t.ranking.branchChoice}
            value={branch}
            onChange={(e) => setBranch(e.target.value)}
            options={[
              { value: '', label: t.ranking.wholeNetwork },
              ...(branches.data ?? []).map((b) => ({ value: b._id, label: b.name })),
            ]}
          />
        </div>
      )}
      <div className="mb-6">
        <PerformanceLeadsTable year={month.year} month={month.month} />
      </div>
      {company.isPending || agents.isPending ? (
        <StatusMessage busy>{t.common.loading}</StatusMessage>
      ) : !company.data || isEmptyMonth(list) ? (
        <StatusMessage>{t.office.empty}</StatusMessage>
      ) : (
        <div className="flex flex-col gap-6">
          <WorkingDaysCounters days={company.data.workingDays} />
          <PerformanceTable title={t.office.company} figures={company.data} />
          <p className="text-sm text-slate-700">
            {t.office.companyIsSum}
            {list.some((agent) => !agent.active) && <> {t.office.inactiveNote}</>}
          </p>
          <AgentsComparisonChart data={chart} />
          <div className="grid gap-6 lg:grid-cols-2">
            {list.map((agent) => (
              <PerformanceTable
                key={agent.agentId}
                title={agent.active ? agent.agentName : t.office.inactiveTitle(agent.agentName, agent.gender)}
                figures={agent}
              />
            ))}
          </div>
        </div>
      )}
    </Page>
  );
}

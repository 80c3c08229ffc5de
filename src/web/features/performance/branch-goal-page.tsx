import { hasNetworkAccess } from '@shared/domain/branch-scope';
import { METRIC_KEYS, type Metrics } from '@shared/domain/metrics';
import type { BranchGoal } from '@shared/schemas/goal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/button';
import { Page } from '@web/components/page';
import { StatusMessage } from '@web/components/status-message';
import { performance as hePerformance } from '@web/i18n/performance';
import { ApiError, isSessionEnd } from '@web/lib/api-client';
import { useSession } from '@web/lib/session';
import { toast } from '@web/lib/toast';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { branchGoalQuery, type MonthKey, writeBranchGoal } from './api';
import { MetricFields, type MetricForm, toMetrics } from './metric-fields';
import { currentMonth, MonthPicker } from './month-picker';

const t = hePerformance.branchGoal;
const formOf = (metrics: Metrics | null) =>
  Object.fromEntries(METRIC_KEYS.map((k) => [k, metrics ? String(metrics[k]) : ''])) as MetricForm;

/** /BranchGoal/{branchId}: the branch's monthly goal; network admins set or clear it, its managers read it. */
export function BranchGoalPage() {
  const { branchId = '' } = useParams();
  const { user } = useSession();
  const [month, setMonth] = useState<MonthKey>(currentMonth);
  const goal = useQuery(branchGoalQuery(branchId, month));
  const name = goal.data?.branch.name;
  return (
    <Page title={name ? t.titleFor(name) : t.title}>
      <MonthPicker value={month} onChange={setMonth} ahead />
      {goal.data ? (
        <div className="flex flex-col gap-6">
          <AgentsGoal branchGoal={goal.data} />
          {user && hasNetworkAccess(user) ? (
            <BranchGoalForm branchGoal={goal.data} month={month} />
          ) : (
            <OwnGoal branchGoal={goal.data} />
          )}
        </div>
      ) : goal.isError ? (
        <StatusMessage>
          {goal.error instanceof ApiError && goal.error.status === 404
            ? t.notFound
            : hePerformance.common.generalError}
        </StatusMessage>
      ) : (
        <StatusMessage busy>{hePerformance.common.loading}</StatusMessage>
      )}
    </Page>
  );
}

function MetricsTable({ caption, metrics }: { caption: string; metrics: Metrics }) {
  return (
    <table className="w-full max-w-md text-start">
      <caption className="mb-2 text-start font-medium">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-sm text-slate-600">
          <th scope="col" className="py-1 text-start">
            {hePerformance.common.metric}
          </th>
          <th scope="col" className="py-1 text-start">
            {t.value}
          </th>
        </tr>
      </thead>
      <tbody>
        {METRIC_KEYS.map((key) => (
          <tr key={key} className="border-b border-slate-100">
            <th scope="row" className="py-1 text-start font-normal">
              {hePerformance.metrics[key]}
            </th>
            <td className="py-1 tabular-nums">{metrics[key]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AgentsGoal({ branchGoal }: { branchGoal: BranchGoal }) {
  const caption = t.agentsSum(branchGoal.agentsWithGoal);
  return (
    <section className="rounded-2xl bg-white p-6 shadow-sm">
      {branchGoal.agentsGoal ? (
        <MetricsTable caption={caption} metrics={branchGoal.agentsGoal} />
      ) : (
        <p className="text-slate-700">{caption}</p>
      )}
    </section>
  );
}

function OwnGoal({ branchGoal }: { branchGoal: BranchGoal }) {
  return (
    <section className="flex flex-col gap-3 rounded-2xl bg-white p-6 shadow-sm">
      {branchGoal.goal ? (
        <MetricsTable caption={t.own} metrics={branchGoal.goal} />
      ) : (
        <p className="text-slate-700">{t.none}</p>
      )}
      <p className="text-sm text-slate-600">{t.setByNetwork}</p>
    </section>
  );
}

function BranchGoalForm({ branchGoal, month }: { branchGoal: BranchGoal; month: MonthKey }) {
  const queryClient = useQueryClient();
  const { register, handleSubmit, reset, formState, setError } = useForm<MetricForm>({
    defaultValues: formOf(branchGoal.goal),
  });
  useEffect(() => reset(formOf(branchGoal.goal)), [branchGoal.goal, reset]);
  const key = branchGoalQuery(branchGoal.branch._id, month).queryKey;
  const write = useMutation({
    mutationFn: (metrics?: Metrics) => writeBranchGoal(branchGoal.branch._id, month, metrics),
    onSuccess: async (saved, metrics) => {
      queryClient.setQueryData(key, saved);
      toast.success(metrics ? t.saved : t.cleared);
      await queryClient.invalidateQueries({ queryKey: ['network'] });
    },
    onError: (err) => {
      if (isSessionEnd(err)) return;
      if (!(err instanceof ApiError) || err.status >= 500) return void toast.error(t.failed);
      for (const [field, message] of Object.entries(err.fieldErrors))
        if (field in formOf(null)) setError(field, { type: 'server', message });
      toast.error(err.message);
    },
  });
  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => write.mutate(toMetrics(values)))}
      className="flex flex-col gap-6 rounded-2xl bg-white p-6 shadow-sm"
    >
      <p className="text-slate-700">{branchGoal.goal ? t.own : t.none}</p>
      <MetricFields register={register} errors={formState.errors} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={write.isPending}>
          {t.submit}
        </Button>
        {branchGoal.goal && (
          <Button
            type="button"
            variant="secondary"
            disabled={write.isPending}
            onClick={() => write.mutate(undefined)}
          >
            {t.clear}
          </Button>
        )}
      </div>
    </form>
  );
}

import { METRIC_KEYS } from '@shared/domain/metrics';
import { paths } from '@shared/paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/button';
import { Page } from '@web/components/page';
import { StatusMessage } from '@web/components/status-message';
import { performance as hePerformance } from '@web/i18n/performance';
import { ApiError, isSessionEnd } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useUsers } from '@web/lib/users';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { createGoal, goalQuery, type MonthKey, performanceKeys } from './api';
import { MetricFields, type MetricForm, toMetrics } from './metric-fields';
import { currentMonth, MonthPicker } from './month-picker';

const t = hePerformance.goals;
const blank = () => Object.fromEntries(METRIC_KEYS.map((k) => [k, ''])) as MetricForm;

/** /AdminGoals/{agentId?}: the monthly goal of an agent, prefilled with the month's existing goal. */
export function AdminGoalsPage() {
  const { agentId } = useParams();
  const users = useUsers();
  const agentName = users.data?.find((u) => u._id === agentId)?.name;
  const [month, setMonth] = useState<MonthKey>(currentMonth);
  const existing = useQuery({ ...goalQuery(agentId ?? '', month), enabled: Boolean(agentId) });
  const { register, handleSubmit, reset, formState, setError } = useForm<MetricForm>({
    defaultValues: blank(),
  });
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    const goal = existing.data;
    reset(goal ? (Object.fromEntries(METRIC_KEYS.map((k) => [k, String(goal[k])])) as MetricForm) : blank());
  }, [existing.data, reset]);

  const save = useMutation({
    mutationFn: (values: MetricForm) =>
      createGoal({ ...toMetrics(values), agent: [agentId!], ...month, createdAt: new Date().toISOString() }),
    // A goal for a month that has one replaces its figures: say 'updated' then, not 'created'.
    onSuccess: async () => {
      toast.success(existing.data ? t.updated : t.created);
      await queryClient.invalidateQueries({ queryKey: performanceKeys.agent(agentId!) });
      await queryClient.invalidateQueries({ queryKey: performanceKeys.all });
      navigate(paths.agents());
    },
    // The server's reason beside its field and in the toast; a bare failure message only when it gives none.
    onError: (err) => {
      if (isSessionEnd(err)) return;
      if (!(err instanceof ApiError) || err.status >= 500) return void toast.error(t.createFailed);
      for (const [field, message] of Object.entries(err.fieldErrors))
        if (field in blank()) setError(field, { type: 'server', message });
      toast.error(err.message);
    },
  });

  if (!agentId) {
    return (
      <Page title={t.title}>
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
          {t.noAgent}
        </p>
      </Page>
    );
  }
  return (
    <Page title={agentName ? t.titleFor(agentName) : t.title}>
      <MonthPicker value={month} onChange={setMonth} ahead />
      {existing.isPending ? (
        <StatusMessage busy>{hePerformance.common.loading}</StatusMessage>
      ) : (
        <form
          noValidate
          onSubmit={handleSubmit((values) => save.mutate(values))}
          className="flex flex-col gap-6 rounded-2xl bg-white p-6 shadow-sm"
        >
          {existing.data && <p className="text-slate-700">{t.existing}</p>}
          <MetricFields register={register} errors={formState.errors} />
          <div>
            <Button type="submit" disabled={save.isPending}>
              {t.submit}
            </Button>
          </div>
        </form>
      )}
    </Page>
  );
}

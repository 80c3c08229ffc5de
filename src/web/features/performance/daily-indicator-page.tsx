import { israelDate } from '@shared/domain/israel-time';
import { METRIC_KEYS } from '@shared/domain/metrics';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/button';
import { FormField } from '@web/components/form-field';
import { NoAccess } from '@web/components/no-access';
import { Page } from '@web/components/page';
import { he } from '@web/i18n/he';
import { useUsers } from '@web/lib/users';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { createIndicator, performanceKeys } from './api';
import { MetricFields, type MetricForm, toMetrics } from './metric-fields';
import { PureAdminNote } from './pure-admin-note';
import { useRouteAgent } from './use-route-agent';

const t = he.performance.daily;
const emptyForm = (): MetricForm =>
  ({ ...Object.fromEntries(METRIC_KEYS.map((k) => [k, ''])), createdAt: israelDate() }) as MetricForm;

/** /DailyIndicator/{agentId?}: the day's six counts, for the signed-in user or (admin) the agent in the route. */
export function DailyIndicatorPage() {
  const { routeAgent, agentId, forbidden, pureAdminSelf } = useRouteAgent();
  if (forbidden) return <NoAccess />;
  if (pureAdminSelf) return <PureAdminNote title={t.title} />;
  return <DailyIndicatorForm routeAgent={routeAgent} agentId={agentId} />;
}

function DailyIndicatorForm({ routeAgent, agentId }: { routeAgent?: string; agentId?: string }) {
  const users = useUsers();
  const agentName = routeAgent ? users.data?.find((u) => u._id === routeAgent)?.name : undefined;
  const queryClient = useQueryClient();
  const { register, handleSubmit, reset, formState } = useForm<MetricForm>({ defaultValues: emptyForm() });
  const send = useMutation({
    mutationFn: (values: MetricForm) =>
      createIndicator({
        ...toMetrics(values),
        agent: [agentId!],
        createdAt: values.createdAt || israelDate(),
      }),
    // The success toast waits for the server's answer (the issue corrects SPEC's toast-before-send).
    onSuccess: async () => {
      toast.success(t.success);
      reset(emptyForm());
      await queryClient.invalidateQueries({ queryKey: performanceKeys.agent(agentId!) });
      await queryClient.invalidateQueries({ queryKey: ['scoreboard'] });
    },
    onError: () => toast.error(t.failure),
  });

  return (
    <Page title={agentName ? t.forAgent(agentName) : t.title}>
      {!agentId ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
          {t.noUser}
        </p>
      ) : (
        <form
          noValidate
          onSubmit={handleSubmit((values) => send.mutate(values))}
          className="flex flex-col gap-6 rounded-2xl bg-white p-6 shadow-sm"
        >
          <MetricFields register={register} errors={formState.errors} />
          <div className="max-w-xs">
            <FormField
              label={he.performance.common.date}
              type="date"
              max={israelDate()}
              {...register('createdAt')}
            />
          </div>
          <div>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? t.sending : t.submit}
            </Button>
          </div>
        </form>
      )}
    </Page>
  );
}

import { israelDate } from '@shared/domain/israel-time';
import { METRIC_KEYS } from '@shared/domain/metrics';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { FormField } from '@web/components/form-field';
import { NoAccess } from '@web/components/no-access';
import { Page } from '@web/components/page';
import { performance as hePerformance } from '@web/i18n/performance';
import { phoneApp } from '@web/i18n/phone-app';
import { ApiError, isSessionEnd } from '@web/lib/api-client';
import { requestOutboxSync } from '@web/lib/app-worker';
import { addToOutbox } from '@web/lib/offline-outbox';
import { useSession } from '@web/lib/session';
import { toast } from '@web/lib/toast';
import { announceOutboxChange } from '@web/lib/use-outbox';
import { useUsers } from '@web/lib/users';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { createIndicator, performanceKeys } from './api';
import { DayRecorded, useDayRows } from './day-recorded';
import { typedEntries } from './day-rows';
import { MetricFields, type MetricForm, toMetrics } from './metric-fields';
import { type IndicatorBody, PendingEntries } from './pending-entries';
import { PureAdminNote } from './pure-admin-note';
import { useRouteAgent } from './use-route-agent';

const t = hePerformance.daily;
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
  // An id in the address that is no active user's: said, instead of a nameless form that can only fail.
  const unknownAgent = Boolean(routeAgent && users.data && agentName === undefined);
  const queryClient = useQueryClient();
  const { register, handleSubmit, reset, formState, watch, setError, setFocus } = useForm<MetricForm>({
    defaultValues: emptyForm(),
  });
  const date = watch('createdAt') || israelDate();
  const day = useDayRows(agentId ?? '', date);
  const [pending, setPending] = useState<MetricForm>();
  const { user } = useSession();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: performanceKeys.agent(agentId!) });
    await queryClient.invalidateQueries({ queryKey: ['scoreboard'] });
  };
  /** Without a network the entry waits on the device, under the key it was (maybe) already sent with. */
  const keepOffline = async (body: IndicatorBody, key: string) => {
    await addToOutbox({ key, userId: user!._id, kind: 'indicator', path: '/indicators', body });
    announceOutboxChange();
    void requestOutboxSync();
    toast.info(phoneApp.pending.savedOffline);
    reset(emptyForm());
  };
  const send = useMutation({
    mutationFn: async (values: MetricForm) => {
      const body: IndicatorBody = {
        ...toMetrics(values),
        agent: [agentId!],
        createdAt: values.createdAt || israelDate(),
      };
      const key = crypto.randomUUID();
      if (!navigator.onLine) return keepOffline(body, key);
      try {
        await createIndicator(body, key);
      } catch (err) {
        // No answer at all (the network dropped mid-send): kept and resent with the same key, stored once.
        if (!(err instanceof ApiError)) return keepOffline(body, key);
        throw err;
      }
      // The success toast waits for the server's answer (the issue corrects SPEC's toast-before-send).
      toast.success(t.success);
      reset(emptyForm());
      await refresh();
    },
    // The server's reason (a future date, a pure admin, a count out of range) beside its field and in the toast.
    onError: (err) => {
      if (isSessionEnd(err)) return;
      if (!(err instanceof ApiError) || err.status >= 500) return void toast.error(t.failure);
      const fields = Object.entries(err.fieldErrors).filter(([field]) => field in emptyForm());
      for (const [field, message] of fields) setError(field, { type: 'server', message });
      if (fields[0]) setFocus(fields[0][0]);
      toast.error(err.message);
    },
  });
  /** A refused entry back in the form, to fix and send again (as a new entry with a new key). */
  const fix = (body: IndicatorBody) =>
    reset({
      ...Object.fromEntries(METRIC_KEYS.map((k) => [k, String(body[k] ?? '')])),
      createdAt: body.createdAt,
    } as MetricForm);
  // A second typed entry for a day that already has one is a deliberate choice: ask first. Figures the day's
  // lead activities recorded are not an entry: they join the day's row without a question.
  const submit = (values: MetricForm) =>
    typedEntries(day.rows).length > 0 ? setPending(values) : send.mutate(values);

  return (
    <Page title={agentName ? t.forAgent(agentName) : t.title}>
      {!agentId || unknownAgent ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
          {unknownAgent ? t.unknownAgent : t.noUser}
        </p>
      ) : (
        <form
          noValidate
          onSubmit={handleSubmit(submit)}
          className="flex flex-col gap-6 rounded-2xl bg-white p-6 shadow-sm"
        >
          {user && <PendingEntries userId={user._id} onFix={fix} />}
          <MetricFields register={register} errors={formState.errors} />
          <div className="max-w-xs">
            <FormField
              label={hePerformance.common.date}
              type="date"
              max={israelDate()}
              error={formState.errors.createdAt?.message}
              {...register('createdAt')}
            />
          </div>
          {agentId && <DayRecorded date={date} rows={day.rows} loaded={day.loaded} />}
          <div>
            <Button type="submit" className="min-h-11 w-full sm:w-auto" disabled={send.isPending}>
              {send.isPending ? t.sending : t.submit}
            </Button>
          </div>
          <ConfirmDialog
            open={pending !== undefined}
            message={t.confirmSecond(date)}
            confirmLabel={t.confirmAdd}
            busy={send.isPending}
            onConfirm={() => {
              if (pending) send.mutate(pending);
              setPending(undefined);
            }}
            onCancel={() => setPending(undefined)}
          />
        </form>
      )}
    </Page>
  );
}

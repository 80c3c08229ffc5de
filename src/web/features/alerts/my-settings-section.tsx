import { paths } from '@shared/paths';
import { ALERT_FREQUENCIES, type AlertFrequency, type AlertsPage } from '@shared/schemas/alerts';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { alerts } from '@web/i18n/alerts';
import { useDeleteMyData, useUnsubscribe, useUpdateSubscriber } from '@web/lib/alerts-api';
import { rememberAlertsToken } from '@web/lib/alerts-token';
import { toast } from '@web/lib/toast';
import { useState } from 'react';
import { useNavigate } from 'react-router';

const t = alerts.myAlerts;

/**
 * How often, stopping every alert (here or by the one-click link in every mail), and deleting everything (issue 25 item 4: deletion on
 * request from the private link).
 */
export function MySettingsSection({ token, page }: { token: string; page: AlertsPage }) {
  const update = useUpdateSubscriber(token);
  const remove = useDeleteMyData(token);
  const stop = useUnsubscribe(token);
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const [confirmStop, setConfirmStop] = useState(false);
  const current = page.subscriber.frequency;
  // A phone-only link gets no mail: no frequency to choose and no mailing list to leave.
  const phoneOnly = page.subscriber.email === null;
  const setFrequency = (frequency: AlertFrequency) =>
    update.mutate(
      { frequency },
      { onSuccess: () => toast.success(t.frequencySaved), onError: () => toast.error(t.failure) },
    );
  return (
    <section aria-labelledby="my-settings" className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="my-settings" className="text-2xl font-bold text-brand-900">
        {t.settingsTitle}
      </h2>
      {!phoneOnly && (
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 font-medium text-slate-800">{alerts.subscribe.frequency}</legend>
          {ALERT_FREQUENCIES.map((value) => (
            <label key={value} className="inline-flex min-h-8 items-center gap-2">
              <input
                type="radio"
                name="frequency"
                value={value}
                checked={current === value}
                disabled={update.isPending}
                onChange={() => setFrequency(value)}
                className="size-4 accent-brand-700"
              />
              {alerts.subscribe.frequencies[value]}
            </label>
          ))}
        </fieldset>
      )}
      <p className="text-slate-700">{phoneOnly ? t.phoneOnlyHow : t.unsubscribeHow}</p>
      <div className="flex flex-wrap gap-3">
        {!phoneOnly && !page.subscriber.unsubscribed && (
          <Button variant="secondary" onClick={() => setConfirmStop(true)}>
            {t.unsubscribe}
          </Button>
        )}
        <Button variant="danger" onClick={() => setConfirm(true)}>
          {t.deleteData}
        </Button>
      </div>
      <ConfirmDialog
        open={confirmStop}
        message={t.unsubscribeConfirm}
        confirmLabel={t.unsubscribe}
        busy={stop.isPending}
        onCancel={() => setConfirmStop(false)}
        onConfirm={() =>
          stop.mutate(undefined, {
            onSuccess: () => {
              setConfirmStop(false);
              toast.success(t.unsubscribed);
            },
            onError: () => toast.error(t.failure),
          })
        }
      />
      <ConfirmDialog
        open={confirm}
        message={t.deleteDataConfirm}
        confirmLabel={t.deleteData}
        danger
        busy={remove.isPending}
        onCancel={() => setConfirm(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirm(false);
              rememberAlertsToken(null);
              toast.success(t.dataDeleted);
              navigate(paths.home());
            },
            onError: () => toast.error(t.failure),
          })
        }
      />
    </section>
  );
}

import { PUSH_KINDS, type PushKind, type PushState } from '@shared/schemas/push';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@web/components/button';
import { CheckboxField } from '@web/components/checkbox-field';
import { StatusMessage } from '@web/components/status-message';
import { he } from '@web/i18n/he';
import { phoneApp } from '@web/i18n/phone-app';
import { ApiError, isSessionEnd } from '@web/lib/api-client';
import { PushPermissionDenied, pushSupported } from '@web/lib/push-device';
import { toast } from '@web/lib/toast';
import { Smartphone, Trash2 } from 'lucide-react';
import {
  sendTestPush,
  usePushState,
  useRemoveDevice,
  useSavePreferences,
  useThisDeviceEndpoint,
  useTurnOff,
  useTurnOn,
} from './push-api';

const t = phoneApp.notifications;
const failure = (err: unknown) =>
  isSessionEnd(err) ||
  toast.error(
    err instanceof PushPermissionDenied ? t.denied : err instanceof ApiError ? err.message : t.failed,
  );

/** The profile's notifications: on or off for this device, which kinds, and the devices that have them. */
export function NotificationsSection() {
  const state = usePushState();
  return (
    <section aria-labelledby="notifications-title" className="mt-8 rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="notifications-title" className="mb-2 text-2xl font-bold text-brand-900">
        {t.title}
      </h2>
      <p className="mb-4 text-slate-700">{t.intro}</p>
      {state.data ? (
        <NotificationControls state={state.data} />
      ) : (
        <StatusMessage busy={state.isPending}>{state.isError ? t.failed : he.common.loading}</StatusMessage>
      )}
    </section>
  );
}

function NotificationControls({ state }: { state: PushState }) {
  const thisDevice = useThisDeviceEndpoint();
  const turnOn = useTurnOn();
  const turnOff = useTurnOff();
  const test = useMutation({
    mutationFn: sendTestPush,
    onSuccess: () => toast.success(t.testSent),
    onError: failure,
  });
  const on = Boolean(thisDevice.data && state.devices.some((d) => d.endpoint === thisDevice.data));
  const busy = turnOn.isPending || turnOff.isPending;
  const toggle = () => {
    const options = {
      onSuccess: () => {
        void thisDevice.refetch();
        toast.success(on ? t.turnedOff : t.turnedOn);
      },
      onError: failure,
    };
    if (on) turnOff.mutate(state, options);
    else turnOn.mutate(state.publicKey, options);
  };
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <p className="font-medium" aria-live="polite">
          {!pushSupported() ? t.unsupported : on ? t.on : t.off}
        </p>
        {pushSupported() && (
          <Button
            variant={on ? 'secondary' : 'primary'}
            className="min-h-11"
            onClick={toggle}
            disabled={busy}
          >
            {on ? t.turnOff : t.turnOn}
          </Button>
        )}
        {state.devices.length > 0 && (
          <Button
            variant="secondary"
            className="min-h-11"
            onClick={() => test.mutate()}
            disabled={test.isPending}
          >
            {t.test}
          </Button>
        )}
      </div>
      <KindChoices state={state} />
      <DeviceList state={state} thisEndpoint={thisDevice.data ?? null} />
    </div>
  );
}

function KindChoices({ state }: { state: PushState }) {
  const save = useSavePreferences();
  const change = (kind: PushKind, value: boolean) =>
    save.mutate(
      { ...state.preferences, [kind]: value },
      { onSuccess: () => toast.success(t.saved), onError: failure },
    );
  return (
    <fieldset>
      <legend className="mb-2 text-lg font-semibold text-brand-900">{t.kindsTitle}</legend>
      <div className="flex flex-col gap-1">
        {PUSH_KINDS.map((kind) => (
          <CheckboxField
            key={kind}
            label={t.kinds[kind]}
            className="min-h-11"
            checked={state.preferences[kind]}
            disabled={save.isPending}
            onChange={(event) => change(kind, event.target.checked)}
          />
        ))}
      </div>
    </fieldset>
  );
}

function DeviceList({ state, thisEndpoint }: { state: PushState; thisEndpoint: string | null }) {
  const remove = useRemoveDevice();
  return (
    <div>
      <h3 className="mb-2 text-lg font-semibold text-brand-900">
        {t.devicesTitle}{' '}
        <span className="text-base font-normal text-slate-600">
          ({t.devicesCount(state.devices.length, state.maxDevices)})
        </span>
      </h3>
      {state.devices.length === 0 ? (
        <p className="text-slate-700">{t.noDevices}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {state.devices.map((device) => {
            const label = device.label || t.unknownDevice;
            return (
              <li key={device._id} className="flex items-center gap-3 rounded-lg bg-slate-50 p-2">
                <Smartphone aria-hidden="true" className="shrink-0 text-slate-600" />
                <span className="flex-1">
                  {label}
                  {device.endpoint === thisEndpoint && (
                    <span className="ms-2 text-sm text-brand-700">({t.thisDevice})</span>
                  )}
                  <span className="block text-sm text-slate-600">{t.deviceAdded(device.createdAt)}</span>
                </span>
                <button
                  type="button"
                  className="inline-flex size-11 items-center justify-center rounded-lg text-red-700 hover:bg-red-50"
                  aria-label={t.removeDevice(label)}
                  title={t.removeDevice(label)}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(device._id, { onSuccess: () => toast.success(t.removed), onError: failure })
                  }
                >
                  <Trash2 aria-hidden="true" size={20} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

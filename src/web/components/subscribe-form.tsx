import { paths } from '@shared/paths';
import {
  ALERT_FREQUENCIES,
  ALERTS_CONSENT_TEXT,
  type AlertFrequency,
  type SavedSearchFiltersInput,
} from '@shared/schemas/alerts';
import { Button } from '@web/components/button';
import { ConsentFields, ContactFields } from '@web/components/contact-fields';
import { FieldError } from '@web/components/field-shell';
import { alerts } from '@web/i18n/alerts';
import { useSubscribe } from '@web/lib/alerts-api';
import { rememberAlertsToken } from '@web/lib/alerts-token';
import { ApiError } from '@web/lib/api-client';
import { lazyResolver } from '@web/lib/lazy-resolver';
import { toast } from '@web/lib/toast';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';

const t = alerts.subscribe;
const validation = lazyResolver(() => import('./subscribe-resolver').then((m) => m.subscribeResolver));

export type SubscribeFields = {
  name: string;
  email: string;
  phone: string;
  frequency: AlertFrequency;
  consent: boolean;
  website: string;
};
const EMPTY: SubscribeFields = {
  name: '',
  email: '',
  phone: '',
  frequency: 'immediate',
  consent: false,
  website: '',
};

function failureMessage(err: unknown): string {
  if (err instanceof ApiError && err.status === 429) return t.tooMany;
  if (err instanceof ApiError && err.status < 500 && err.message) return err.message;
  return t.failure;
}

/** A phone-only subscription's answer: the private link, shown at once and kept by this browser. */
function PhoneOnlySaved({ token }: { token: string }) {
  const link = `${window.location.origin}${paths.myAlerts(token)}`;
  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => toast.success(t.copied),
      () => toast.error(t.failure),
    );
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-xl border border-green-200 bg-green-50 p-4 text-green-900"
    >
      <p className="font-semibold">{t.phoneOnlySaved}</p>
      <p>{t.phoneOnlyNoMail}</p>
      <p>{t.linkIntro}</p>
      <Link to={paths.myAlerts(token)} dir="ltr" className="break-all font-semibold text-brand-800 underline">
        {link}
      </Link>
      <Button variant="secondary" className="self-start" onClick={() => void copy()}>
        {t.copyLink}
      </Button>
    </div>
  );
}

/**
 * Name, an e-mail, a mobile phone or both, how often, and an unticked consent box with the exact wording the
 * server stores. Sends a search, the browser's favourites, or both. With an e-mail the private link and the
 * confirmation go there; with a phone only the private link is shown here and kept by this browser.
 */
export function SubscribeForm({
  search,
  favourites = [],
}: {
  search?: SavedSearchFiltersInput;
  favourites?: string[];
}) {
  const send = useSubscribe();
  const [sentTo, setSentTo] = useState<string>();
  const [shownToken, setShownToken] = useState<string>();
  const frequencyId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SubscribeFields>({ resolver: validation.resolver, defaultValues: EMPTY });

  const onSubmit = handleSubmit((values) =>
    send.mutate(
      { ...values, consent: true, consentText: ALERTS_CONSENT_TEXT, search, favourites },
      {
        onSuccess: (answer) => {
          const token = answer.data?.token;
          if (token) {
            rememberAlertsToken(token);
            setShownToken(token);
            toast.success(t.phoneOnlySaved);
            return;
          }
          setSentTo(values.email);
          toast.success(t.sent(values.email));
        },
        onError: (err) => {
          if (err instanceof ApiError) {
            for (const [field, message] of Object.entries(err.fieldErrors)) {
              if (field in values) setError(field as keyof SubscribeFields, { message });
            }
          }
          toast.error(failureMessage(err));
        },
      },
    ),
  );

  if (shownToken) return <PhoneOnlySaved token={shownToken} />;
  if (sentTo)
    return (
      <p
        role="status"
        className="rounded-xl border border-green-200 bg-green-50 p-4 text-green-900 wrap-anywhere"
      >
        {t.sent(sentTo)}
      </p>
    );
  return (
    <form
      onSubmit={onSubmit}
      onFocus={validation.preload}
      noValidate
      className="relative flex flex-col gap-3"
    >
      <p className="text-sm text-slate-700">{t.contactHint}</p>
      <ContactFields
        name={{ label: t.name, required: true, error: errors.name?.message, ...register('name') }}
        email={{ label: t.email, error: errors.email?.message, ...register('email') }}
        phone={{ label: t.phone, error: errors.phone?.message, ...register('phone') }}
      />
      <fieldset aria-describedby={errors.frequency ? frequencyId : undefined} className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-slate-700">{t.frequency}</legend>
        {ALERT_FREQUENCIES.map((value) => (
          <label key={value} className="inline-flex min-h-8 items-center gap-2">
            <input
              type="radio"
              value={value}
              className="size-4 accent-brand-700"
              {...register('frequency')}
            />
            {t.frequencies[value]}
          </label>
        ))}
        <FieldError id={frequencyId} error={errors.frequency?.message} />
      </fieldset>
      <ConsentFields
        consentBox={{ text: ALERTS_CONSENT_TEXT, error: errors.consent?.message, ...register('consent') }}
        honeypot={{ label: t.honeypot, ...register('website') }}
      />
      <Button type="submit" disabled={send.isPending}>
        {send.isPending ? t.sending : t.submit}
      </Button>
    </form>
  );
}

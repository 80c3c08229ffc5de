import {
  ALERT_FREQUENCIES,
  ALERTS_CONSENT_TEXT,
  type AlertFrequency,
  type SavedSearchFiltersInput,
} from '@shared/schemas/alerts';
import { Button } from '@web/components/button';
import { ConsentLine } from '@web/components/consent-line';
import { FieldError } from '@web/components/field-shell';
import { FormField } from '@web/components/form-field';
import { alerts } from '@web/i18n/alerts';
import { useSubscribe } from '@web/lib/alerts-api';
import { ApiError } from '@web/lib/api-client';
import { lazyResolver } from '@web/lib/lazy-resolver';
import { toast } from '@web/lib/toast';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';

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

/**
 * Name, e-mail (the private link and the confirmation go there), an optional mobile, how often, and an unticked
 * consent box with the exact wording the server stores. Sends a search, the browser's favourites, or both.
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
  const consentId = useId();
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
        onSuccess: () => {
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

  if (sentTo)
    return (
      <p role="status" className="rounded-xl border border-green-200 bg-green-50 p-4 text-green-900">
        {t.sent(sentTo)}
      </p>
    );
  const consentError = errors.consent?.message;
  return (
    <form
      onSubmit={onSubmit}
      onFocus={validation.preload}
      noValidate
      className="relative flex flex-col gap-3"
    >
      <FormField
        label={t.name}
        autoComplete="name"
        required
        error={errors.name?.message}
        {...register('name')}
      />
      <FormField
        label={t.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        dir="ltr"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <FormField
        label={t.phone}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        dir="ltr"
        error={errors.phone?.message}
        {...register('phone')}
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
      <div className="flex flex-col gap-1">
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-1 size-4 shrink-0 accent-brand-700"
            aria-invalid={consentError ? true : undefined}
            aria-describedby={consentError ? consentId : undefined}
            {...register('consent')}
          />
          {ALERTS_CONSENT_TEXT}
        </label>
        <FieldError id={consentId} error={consentError} />
      </div>
      {/* Honeypot: invisible to people and skipped by keyboard; bots that fill it are dropped by the server. */}
      <div aria-hidden="true" className="absolute -z-10 h-0 w-0 overflow-hidden opacity-0">
        <label>
          {t.honeypot}
          <input type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
        </label>
      </div>
      <ConsentLine />
      <Button type="submit" disabled={send.isPending}>
        {send.isPending ? t.sending : t.submit}
      </Button>
    </form>
  );
}

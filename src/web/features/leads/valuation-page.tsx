import { paths } from '@shared/paths';
import { VALUATION_MESSAGES, type ValuationBody, type valuationBodySchema } from '@shared/schemas/valuation';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@web/components/button';
import { ConsentFields, ContactFields } from '@web/components/contact-fields';
import { FormField } from '@web/components/form-field';
import { Page } from '@web/components/page';
import { PostedNotice } from '@web/components/posted-notice';
import { TextAreaField } from '@web/components/text-area-field';
import { he } from '@web/i18n/he';
import { valuation as t } from '@web/i18n/valuation';
import { ApiError } from '@web/lib/api-client';
import { useFormOutcome } from '@web/lib/form-outcome';
import { lazyResolver } from '@web/lib/lazy-resolver';
import { toast } from '@web/lib/toast';
import { useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSendValuation, valuationCitiesQuery } from './pipeline-api';

const useCityList = () => useQuery(valuationCitiesQuery);

type Values = z.input<typeof valuationBodySchema>;
const validation = lazyResolver<Values>(() =>
  import('./valuation-resolver').then((m) => m.valuationResolver as unknown as Resolver<Values>),
);
const EMPTY: Values = {
  name: '',
  phone: '',
  city: '',
  street: '',
  rooms: '',
  size: '',
  message: '',
  website: '',
};
const FIELDS = Object.keys(EMPTY);

/** /Valuation ("כמה שווה הנכס שלי?"): a seller's request, routed to the agent of its city. */
export function ValuationPage() {
  const send = useSendValuation();
  const cities = useCityList();
  const cityListId = useId();
  // What the server answered when the form was posted before JavaScript ran (the page was rendered with it).
  const posted = useFormOutcome('valuation');
  const [sent, setSent] = useState(posted.sent);
  const typed = posted.values;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, submitCount },
  } = useForm<Values>({ resolver: validation.resolver, defaultValues: { ...EMPTY, ...typed } });
  const fieldError = (field: keyof Values) => errors[field]?.message ?? posted.fieldError(field, submitCount);

  const onSubmit = handleSubmit((values) =>
    // The resolver hands over the schema's output (rooms and size as numbers).
    send.mutate(values as unknown as ValuationBody, {
      onSuccess: (answer) => {
        setSent(true);
        reset(EMPTY);
        toast.success(answer.message ?? t.sent);
      },
      onError: (err) => {
        if (err instanceof ApiError)
          for (const [field, message] of Object.entries(err.fieldErrors))
            if (FIELDS.includes(field)) setError(field as keyof Values, { message });
        toast.error(err instanceof ApiError && err.status === 429 ? he.inquiries.tooMany : t.failure);
      },
    }),
  );

  return (
    <Page title={t.title}>
      <p className="mb-6 text-lg text-slate-700">{t.intro}</p>
      {/* Without JavaScript yet (a tap before the bundle loads) the browser posts it to the server. */}
      <form
        method="post"
        action={paths.valuation()}
        onSubmit={onSubmit}
        onFocus={validation.preload}
        noValidate
        className="relative mx-auto grid max-w-2xl gap-4 rounded-2xl bg-white p-6 shadow-md sm:grid-cols-2"
      >
        <ContactFields
          name={{
            label: t.name,
            required: true,
            error: fieldError('name'),
            defaultValue: typed?.name,
            ...register('name'),
          }}
          phone={{
            label: t.phone,
            required: true,
            error: fieldError('phone'),
            defaultValue: typed?.phone,
            ...register('phone'),
          }}
        />
        <FormField
          label={t.city}
          list={cityListId}
          autoComplete="address-level2"
          required
          error={fieldError('city')}
          defaultValue={typed?.city}
          {...register('city')}
        />
        <datalist id={cityListId}>
          {(cities.data ?? []).map((city) => (
            <option key={city} value={city} />
          ))}
        </datalist>
        <FormField
          label={t.street}
          autoComplete="address-line1"
          required
          error={fieldError('street')}
          defaultValue={typed?.street}
          {...register('street')}
        />
        <FormField
          label={t.rooms}
          inputMode="decimal"
          dir="ltr"
          required
          error={fieldError('rooms')}
          defaultValue={typed?.rooms}
          {...register('rooms')}
        />
        <FormField
          label={t.size}
          inputMode="numeric"
          dir="ltr"
          required
          error={fieldError('size')}
          defaultValue={typed?.size}
          {...register('size')}
        />
        <div className="sm:col-span-2">
          <TextAreaField
            label={t.message}
            rows={3}
            error={fieldError('message')}
            defaultValue={typed?.message}
            {...register('message')}
          />
        </div>
        <ConsentFields
          honeypot={{ label: t.honeypot, ...register('website') }}
          purpose={t.consent}
          lineClassName="sm:col-span-2"
        >
          {(posted.sent || posted.message) && (
            <div className="sm:col-span-2">
              <PostedNotice sent={posted.sent} success={VALUATION_MESSAGES.sent} message={posted.message} />
            </div>
          )}
        </ConsentFields>
        <Button type="submit" className="sm:col-span-2" disabled={send.isPending || sent}>
          {send.isPending ? t.sending : sent ? t.sent : t.submit}
        </Button>
      </form>
    </Page>
  );
}

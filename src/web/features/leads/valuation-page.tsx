import type { ValuationBody, valuationBodySchema } from '@shared/schemas/valuation';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@web/components/button';
import { ConsentFields, ContactFields } from '@web/components/contact-fields';
import { FormField } from '@web/components/form-field';
import { Page } from '@web/components/page';
import { TextAreaField } from '@web/components/text-area-field';
import { he } from '@web/i18n/he';
import { valuation as t } from '@web/i18n/valuation';
import { ApiError } from '@web/lib/api-client';
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
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values>({ resolver: validation.resolver, defaultValues: EMPTY });

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
      <form
        onSubmit={onSubmit}
        onFocus={validation.preload}
        noValidate
        className="relative mx-auto grid max-w-2xl gap-4 rounded-2xl bg-white p-6 shadow-md sm:grid-cols-2"
      >
        <ContactFields
          name={{ label: t.name, required: true, error: errors.name?.message, ...register('name') }}
          phone={{ label: t.phone, required: true, error: errors.phone?.message, ...register('phone') }}
        />
        <FormField
          label={t.city}
          list={cityListId}
          autoComplete="address-level2"
          required
          error={errors.city?.message}
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
          error={errors.street?.message}
          {...register('street')}
        />
        <FormField
          label={t.rooms}
          inputMode="decimal"
          dir="ltr"
          required
          error={errors.rooms?.message}
          {...register('rooms')}
        />
        <FormField
          label={t.size}
          inputMode="numeric"
          dir="ltr"
          required
          error={errors.size?.message}
          {...register('size')}
        />
        <div className="sm:col-span-2">
          <TextAreaField
            label={t.message}
            rows={3}
            error={errors.message?.message}
            {...register('message')}
          />
        </div>
        <ConsentFields
          honeypot={{ label: t.honeypot, ...register('website') }}
          purpose={t.consent}
          lineClassName="sm:col-span-2"
        />
        <Button type="submit" className="sm:col-span-2" disabled={send.isPending || sent}>
          {send.isPending ? t.sending : sent ? t.sent : t.submit}
        </Button>
      </form>
    </Page>
  );
}

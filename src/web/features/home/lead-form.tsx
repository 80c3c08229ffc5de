import { LEAD_CATEGORIES, type LeadCategoryKey } from '@shared/domain/lead-categories';
import type { LeadBody } from '@shared/schemas/leads';
import { Button } from '@web/components/button';
import { ConsentLine } from '@web/components/consent-line';
import { FormField } from '@web/components/form-field';
import { SelectField } from '@web/components/select-field';
import { he } from '@web/i18n/he';
import { ApiError } from '@web/lib/api-client';
import { HOME_SECTIONS } from '@web/lib/home-sections';
import { lazyResolver } from '@web/lib/lazy-resolver';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { useSendLead } from './api';

const t = he.publicSite.leadForm;
const CATEGORY_KEYS = Object.keys(LEAD_CATEGORIES) as LeadCategoryKey[];
const validation = lazyResolver(() => import('./lead-resolver').then((m) => m.leadResolver));

/** ?category=seller (from 'sell' buttons) chooses the category; buyer otherwise. */
function categoryFromQuery(value: string | null): string {
  const key = CATEGORY_KEYS.find((k) => k === value);
  return LEAD_CATEGORIES[key ?? 'buyer'];
}

/** 'Leave details' (SPEC sections 4, 5 and 8): validated on the field, disabled while sending and once sent. */
export function LeadForm() {
  const [searchParams] = useSearchParams();
  const queryCategory = categoryFromQuery(searchParams.get('category'));
  const send = useSendLead();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    formState: { errors },
  } = useForm<LeadBody>({
    resolver: validation.resolver,
    defaultValues: { name: '', phone: '', category: queryCategory, website: '' },
  });

  useEffect(() => setValue('category', queryCategory), [queryCategory, setValue]);

  const onSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        setSent(true);
        reset({ name: '', phone: '', category: queryCategory, website: '' });
        toast.success(t.success);
      },
      onError: (err) => {
        if (err instanceof ApiError) {
          for (const [field, message] of Object.entries(err.fieldErrors)) {
            if (field in values) setError(field as keyof LeadBody, { message });
          }
        }
        toast.error(err instanceof ApiError && err.status === 429 ? he.inquiries.tooMany : t.failure);
      },
    }),
  );

  return (
    <section
      id={HOME_SECTIONS.leaveDetails}
      aria-labelledby="lead-title"
      className="scroll-mt-20 bg-gradient-to-b from-brand-700 to-brand-800 px-4 py-16 text-white"
    >
      <div className="mx-auto max-w-3xl">
        <h2 id="lead-title" className="mb-6 text-center text-3xl font-bold">
          {t.title}
        </h2>
        <form
          onSubmit={onSubmit}
          onFocus={validation.preload}
          noValidate
          className="relative grid gap-4 rounded-2xl bg-white p-6 text-slate-900 shadow-lg md:grid-cols-3"
        >
          <FormField
            label={t.name}
            autoComplete="name"
            required
            error={errors.name?.message}
            {...register('name')}
          />
          <FormField
            label={t.phone}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            dir="ltr"
            required
            error={errors.phone?.message}
            {...register('phone')}
          />
          <SelectField
            label={t.category}
            options={CATEGORY_KEYS.map((key) => ({ value: LEAD_CATEGORIES[key], label: t.categories[key] }))}
            error={errors.category?.message}
            {...register('category')}
          />
          {/* Honeypot: invisible to people and skipped by keyboard; bots that fill it are dropped by the server. */}
          <div aria-hidden="true" className="absolute -z-10 h-0 w-0 overflow-hidden opacity-0">
            <label>
              {t.honeypot}
              <input type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
            </label>
          </div>
          <div className="md:col-span-3">
            <ConsentLine />
          </div>
          <Button type="submit" className="md:col-span-3" disabled={send.isPending || sent}>
            {send.isPending ? t.sending : sent ? t.sent : t.submit}
          </Button>
        </form>
      </div>
    </section>
  );
}

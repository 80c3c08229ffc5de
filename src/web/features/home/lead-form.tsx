import { zodResolver } from '@hookform/resolvers/zod';
import { LEAD_CATEGORIES, type LeadBody, type LeadCategoryKey, leadBodySchema } from '@shared/schemas/leads';
import { Button } from '@web/components/button';
import { FormField } from '@web/components/form-field';
import { he } from '@web/i18n/he';
import { ApiError } from '@web/lib/api-client';
import { HOME_SECTIONS } from '@web/lib/home-sections';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { useSendLead } from './api';

const t = he.publicSite.leadForm;
const CATEGORY_KEYS = Object.keys(LEAD_CATEGORIES) as LeadCategoryKey[];

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
  const selectId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    formState: { errors },
  } = useForm<LeadBody>({
    resolver: zodResolver(leadBodySchema),
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
        toast.error(t.failure);
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
          <div className="flex flex-col gap-1">
            <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
              {t.category}
            </label>
            <select
              id={selectId}
              className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-200"
              {...register('category')}
            >
              {CATEGORY_KEYS.map((key) => (
                <option key={key} value={LEAD_CATEGORIES[key]}>
                  {t.categories[key]}
                </option>
              ))}
            </select>
          </div>
          {/* Honeypot: invisible to people and skipped by keyboard; bots that fill it are dropped by the server. */}
          <div aria-hidden="true" className="absolute -z-10 h-0 w-0 overflow-hidden opacity-0">
            <label>
              {t.honeypot}
              <input type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
            </label>
          </div>
          <Button type="submit" className="md:col-span-3" disabled={send.isPending || sent}>
            {send.isPending ? t.sending : sent ? t.sent : t.submit}
          </Button>
        </form>
      </div>
    </section>
  );
}

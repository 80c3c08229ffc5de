import { LEAD_CATEGORIES, type LeadCategoryKey } from '@shared/domain/lead-categories';
import { paths } from '@shared/paths';
import type { LeadBody } from '@shared/schemas/leads';
import { Button } from '@web/components/button';
import { ConsentLine } from '@web/components/consent-line';
import { FormField } from '@web/components/form-field';
import { PostedNotice } from '@web/components/posted-notice';
import { SelectField } from '@web/components/select-field';
import { he } from '@web/i18n/he';
import { ApiError } from '@web/lib/api-client';
import { useFormOutcome } from '@web/lib/form-outcome';
import { HOME_SECTIONS } from '@web/lib/home-sections';
import { lazyResolver } from '@web/lib/lazy-resolver';
import { toast } from '@web/lib/toast';
import { useLightForm } from '@web/lib/use-light-form';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
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
  const posted = useFormOutcome('lead');
  const [sent, setSent] = useState(posted.sent);
  const typed = posted.values;
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    formState: { errors, submitCount },
  } = useLightForm<LeadBody>({
    resolver: validation.resolver,
    defaultValues: { name: '', phone: '', category: queryCategory, city: '', website: '', ...typed },
  });
  const fieldError = (field: keyof LeadBody) =>
    errors[field]?.message ?? posted.fieldError(field, submitCount);

  // A category chosen by the link, unless the page answers a post with the one the visitor chose.
  useEffect(() => {
    if (!typed) setValue('category', queryCategory);
  }, [queryCategory, setValue, typed]);

  const onSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        setSent(true);
        reset({ name: '', phone: '', category: queryCategory, city: '', website: '' });
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
        {/* Without JavaScript yet (a tap before the bundle loads) the browser posts it to the server. */}
        <form
          method="post"
          action={`${paths.home()}#${HOME_SECTIONS.leaveDetails}`}
          onSubmit={onSubmit}
          onFocus={validation.preload}
          noValidate
          className="relative grid gap-4 rounded-2xl bg-white p-6 text-slate-900 shadow-lg md:grid-cols-2"
        >
          <FormField
            label={t.name}
            autoComplete="name"
            required
            error={fieldError('name')}
            defaultValue={typed?.name}
            {...register('name')}
          />
          <FormField
            label={t.phone}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            dir="ltr"
            required
            error={fieldError('phone')}
            defaultValue={typed?.phone}
            {...register('phone')}
          />
          <SelectField
            label={t.category}
            options={CATEGORY_KEYS.map((key) => ({ value: LEAD_CATEGORIES[key], label: t.categories[key] }))}
            error={fieldError('category')}
            defaultValue={typed?.category ?? queryCategory}
            {...register('category')}
          />
          <FormField
            label={t.city}
            autoComplete="address-level2"
            error={fieldError('city')}
            defaultValue={typed?.city}
            {...register('city')}
          />
          {/* Honeypot: invisible to people and skipped by keyboard; bots that fill it are dropped by the server. */}
          <div aria-hidden="true" className="absolute -z-10 h-0 w-0 overflow-hidden opacity-0">
            <label>
              {t.honeypot}
              <input type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
            </label>
          </div>
          <div className="flex flex-col gap-3 md:col-span-2">
            <PostedNotice sent={posted.sent} success={t.success} message={posted.message} />
            <ConsentLine />
          </div>
          <Button type="submit" className="md:col-span-2" disabled={send.isPending || sent}>
            {send.isPending ? t.sending : sent ? t.sent : t.submit}
          </Button>
        </form>
      </div>
    </section>
  );
}

import { paths } from '@shared/paths';
import type { InquiryBody } from '@shared/schemas/inquiry';
import { Button } from '@web/components/button';
import { ConsentFields, ContactFields } from '@web/components/contact-fields';
import { PostedNotice } from '@web/components/posted-notice';
import { TextAreaField } from '@web/components/text-area-field';
import { he } from '@web/i18n/he';
import { ApiError } from '@web/lib/api-client';
import { useFormOutcome } from '@web/lib/form-outcome';
import { lazyResolver } from '@web/lib/lazy-resolver';
import { toast } from '@web/lib/toast';
import { useLightForm } from '@web/lib/use-light-form';
import { forwardRef, useState } from 'react';
import { useSendInquiry } from './inquiry-api';

const t = he.inquiries.form;
const EMPTY: InquiryBody = { name: '', phone: '', message: '', website: '' };
const validation = lazyResolver(() => import('./inquiry-resolver').then((m) => m.inquiryResolver));

export const INQUIRY_SECTION_ID = 'inquiry';

/** The failure toast for a refused inquiry: its own words for the rate limit and a property gone meanwhile. */
function failureMessage(err: unknown): string {
  if (err instanceof ApiError && err.status === 429) return he.inquiries.tooMany;
  if (err instanceof ApiError && (err.status === 404 || err.status === 410)) return t.gone;
  return t.failure;
}

/** 'Interested in this property?': name, mobile phone and an optional message, sent to the property's agent. */
export const InquiryForm = forwardRef<HTMLInputElement, { propertyId: string }>(function InquiryForm(
  { propertyId },
  nameRef,
) {
  const send = useSendInquiry(propertyId);
  const posted = useFormOutcome('inquiry');
  const [sent, setSent] = useState(posted.sent);
  const typed = posted.values;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, submitCount },
  } = useLightForm<InquiryBody>({ resolver: validation.resolver, defaultValues: { ...EMPTY, ...typed } });
  const fieldError = (field: keyof InquiryBody) =>
    errors[field]?.message ?? posted.fieldError(field, submitCount);

  const onSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        setSent(true);
        reset(EMPTY);
        toast.success(t.success);
      },
      onError: (err) => {
        if (err instanceof ApiError) {
          for (const [field, message] of Object.entries(err.fieldErrors)) {
            if (field in values) setError(field as keyof InquiryBody, { message });
          }
        }
        toast.error(failureMessage(err));
      },
    }),
  );
  const name = register('name');

  return (
    <section
      id={INQUIRY_SECTION_ID}
      aria-labelledby="inquiry-title"
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="inquiry-title" className="text-xl font-bold">
        {t.title}
      </h2>
      <p className="mb-4 text-slate-700">{t.intro}</p>
      {/* Without JavaScript yet (a tap before the bundle loads) the browser posts it to the server. */}
      <form
        method="post"
        action={`${paths.propertyView(propertyId)}#${INQUIRY_SECTION_ID}`}
        onSubmit={onSubmit}
        onFocus={validation.preload}
        noValidate
        className="relative flex flex-col gap-3"
      >
        <ContactFields
          name={{
            label: t.name,
            required: true,
            error: fieldError('name'),
            defaultValue: typed?.name,
            ...name,
            ref: (el: HTMLInputElement | null) => {
              name.ref(el);
              if (typeof nameRef === 'function') nameRef(el);
              else if (nameRef) nameRef.current = el;
            },
          }}
          phone={{
            label: t.phone,
            required: true,
            error: fieldError('phone'),
            defaultValue: typed?.phone,
            ...register('phone'),
          }}
        />
        <TextAreaField
          label={t.message}
          rows={3}
          error={fieldError('message')}
          defaultValue={typed?.message}
          {...register('message')}
        />
        <ConsentFields honeypot={{ label: t.honeypot, ...register('website') }} purpose={t.consent}>
          <PostedNotice sent={posted.sent} success={t.success} message={posted.message} />
        </ConsentFields>
        <Button type="submit" disabled={send.isPending || sent}>
          {send.isPending ? t.sending : sent ? t.sent : t.submit}
        </Button>
      </form>
    </section>
  );
});

import { zodResolver } from '@hookform/resolvers/zod';
import { paths } from '@shared/paths';
import { type JobApplicationBody, jobApplicationBodySchema } from '@shared/schemas/leads';
import { Button } from '@web/components/button';
import { ConsentLine } from '@web/components/consent-line';
import { FormField } from '@web/components/form-field';
import { Page } from '@web/components/page';
import { PostedNotice } from '@web/components/posted-notice';
import { he } from '@web/i18n/he';
import { ApiError } from '@web/lib/api-client';
import { useFormOutcome } from '@web/lib/form-outcome';
import { toast } from '@web/lib/toast';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSendJobApplication } from './api';

const t = he.publicSite.job;
/** SPEC section 4: after a successful send the button stays disabled for the rest of the session. */
const SENT_KEY = 'jobFormSent';

function readSent(): boolean {
  try {
    return sessionStorage.getItem(SENT_KEY) === '1';
  } catch {
    return false;
  }
}

/** /JobNeedForm: full name, phone and e-mail, with the rules and messages of SPEC sections 5 and 8. */
export function JobPage() {
  const send = useSendJobApplication();
  // Read after hydration: the server-rendered page cannot know this browser's session storage.
  const posted = useFormOutcome('job');
  const [sent, setSent] = useState(posted.sent);
  useEffect(() => {
    if (readSent()) setSent(true);
  }, []);
  const typed = posted.values;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, submitCount },
  } = useForm<JobApplicationBody>({
    resolver: zodResolver(jobApplicationBodySchema),
    defaultValues: { fullName: '', phone: '', email: '', website: '', ...typed },
  });
  const fieldError = (field: keyof JobApplicationBody) =>
    errors[field]?.message ?? posted.fieldError(field, submitCount);

  const onSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        try {
          sessionStorage.setItem(SENT_KEY, '1');
        } catch {
          // Storage blocked: the button still stays disabled until the page is reloaded.
        }
        setSent(true);
        reset();
        toast.success(t.success);
      },
      onError: (err) => {
        if (err instanceof ApiError) {
          for (const [field, message] of Object.entries(err.fieldErrors)) {
            if (field in values) setError(field as keyof JobApplicationBody, { message });
          }
        }
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
        action={paths.jobNeedForm()}
        onSubmit={onSubmit}
        noValidate
        className="relative mx-auto flex max-w-md flex-col gap-4 rounded-2xl bg-white p-6 shadow-md"
      >
        <FormField
          label={t.fullName}
          autoComplete="name"
          required
          error={fieldError('fullName')}
          defaultValue={typed?.fullName}
          {...register('fullName')}
        />
        <FormField
          label={t.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          required
          error={fieldError('phone')}
          defaultValue={typed?.phone}
          {...register('phone')}
        />
        <FormField
          label={t.email}
          type="email"
          autoComplete="email"
          dir="ltr"
          required
          error={fieldError('email')}
          defaultValue={typed?.email}
          {...register('email')}
        />
        {/* Honeypot: invisible to people and skipped by keyboard; bots that fill it are dropped by the server. */}
        <div aria-hidden="true" className="absolute -z-10 h-0 w-0 overflow-hidden opacity-0">
          <label>
            {he.publicSite.leadForm.honeypot}
            <input type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
          </label>
        </div>
        <PostedNotice sent={posted.sent} success={t.success} message={posted.message} />
        <ConsentLine />
        <Button type="submit" disabled={send.isPending || sent}>
          {send.isPending ? t.sending : sent ? t.sent : t.submit}
        </Button>
      </form>
    </Page>
  );
}

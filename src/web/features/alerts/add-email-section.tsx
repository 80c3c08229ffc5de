import { type AddEmailBody, ALERTS_CONSENT_TEXT } from '@shared/schemas/alerts';
import { Button } from '@web/components/button';
import { ConsentFields, ContactFields } from '@web/components/contact-fields';
import { alerts } from '@web/i18n/alerts';
import { useAddEmail } from '@web/lib/alerts-api';
import { ApiError } from '@web/lib/api-client';
import { lazyResolver } from '@web/lib/lazy-resolver';
import { toast } from '@web/lib/toast';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

const t = alerts.myAlerts;
type Fields = { email: string; consent: boolean; website: string };
const FIELDS: readonly string[] = ['email', 'consent', 'website'];
const validation = lazyResolver<Fields>(() => import('./add-email-resolver').then((m) => m.addEmailResolver));

/**
 * A phone-only link's way to alerts: an address and the unticked consent box; the server mails that address a
 * confirmation link (the usual double opt-in), whose page then holds these searches and favourites.
 */
export function AddEmailSection({ token }: { token: string }) {
  const send = useAddEmail(token);
  const [sentTo, setSentTo] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Fields>({
    resolver: validation.resolver,
    defaultValues: { email: '', consent: false, website: '' },
  });
  const onSubmit = handleSubmit((values) =>
    send.mutate({ ...values, consent: true, consentText: ALERTS_CONSENT_TEXT } satisfies AddEmailBody, {
      onSuccess: () => {
        setSentTo(values.email);
        toast.success(t.addEmailSent(values.email));
      },
      onError: (err) => {
        if (err instanceof ApiError)
          for (const [field, message] of Object.entries(err.fieldErrors))
            if (FIELDS.includes(field)) setError(field as keyof Fields, { message });
        toast.error(
          err instanceof ApiError && err.status === 429
            ? alerts.subscribe.tooMany
            : err instanceof ApiError && err.status < 500 && err.message
              ? err.message
              : t.failure,
        );
      },
    }),
  );
  return (
    <section
      aria-labelledby="my-add-email"
      className="flex flex-col gap-3 rounded-2xl border border-brand-200 bg-white p-5 shadow-sm"
    >
      <h2 id="my-add-email" className="text-2xl font-bold text-brand-900">
        {t.addEmailTitle}
      </h2>
      {sentTo ? (
        <p
          role="status"
          className="rounded-xl border border-green-200 bg-green-50 p-4 text-green-900 wrap-anywhere"
        >
          {t.addEmailSent(sentTo)}
        </p>
      ) : (
        <form
          onSubmit={onSubmit}
          onFocus={validation.preload}
          noValidate
          className="relative flex flex-col gap-3"
        >
          <p className="text-slate-700">{t.addEmailIntro}</p>
          <ContactFields
            email={{
              label: alerts.subscribe.email,
              required: true,
              error: errors.email?.message,
              ...register('email'),
            }}
          />
          <ConsentFields
            consentBox={{ text: ALERTS_CONSENT_TEXT, error: errors.consent?.message, ...register('consent') }}
            honeypot={{ label: alerts.subscribe.honeypot, ...register('website') }}
          />
          <Button type="submit" className="self-start" disabled={send.isPending}>
            {send.isPending ? alerts.subscribe.sending : t.addEmailSubmit}
          </Button>
        </form>
      )}
    </section>
  );
}

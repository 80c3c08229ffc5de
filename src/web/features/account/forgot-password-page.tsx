import { zodResolver } from '@hookform/resolvers/zod';
import { paths } from '@shared/paths';
import { type ForgotPasswordBody, forgotPasswordBodySchema } from '@shared/schemas/account';
import { Button } from '@web/components/button';
import { FormField } from '@web/components/form-field';
import { Page } from '@web/components/page';
import { admin as heAdmin } from '@web/i18n/admin';
import { he } from '@web/i18n/he';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useForgotPassword } from './api';

const t = heAdmin.forgot;

/** Asks for a reset link; the answer is the same whether or not the e-mail has an account. */
export function ForgotPasswordPage() {
  const request = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordBody>({
    resolver: zodResolver(forgotPasswordBodySchema),
    defaultValues: { email: '' },
  });
  const submit = handleSubmit((values) =>
    request.mutate(values, {
      onError: (err) =>
        toast.error(err instanceof ApiError && err.status === 429 ? he.auth.tooMany : t.failed),
    }),
  );
  return (
    <Page title={t.title}>
      <div className="mx-auto flex max-w-md flex-col gap-4 rounded-2xl bg-white p-6 shadow-md">
        {request.isSuccess ? (
          <p role="status" className="text-lg text-slate-800">
            {request.data.message}
          </p>
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-4">
            <p className="text-slate-700">{t.intro}</p>
            <FormField
              label={he.auth.email}
              type="email"
              autoComplete="email"
              required
              dir="ltr"
              error={errors.email?.message}
              {...register('email')}
            />
            <Button type="submit" disabled={request.isPending}>
              {request.isPending ? t.sending : t.submit}
            </Button>
          </form>
        )}
        <Link to={paths.login()} className="text-brand-800 underline underline-offset-4">
          {t.backToLogin}
        </Link>
      </div>
    </Page>
  );
}

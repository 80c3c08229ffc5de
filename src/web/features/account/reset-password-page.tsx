import { zodResolver } from '@hookform/resolvers/zod';
import { paths } from '@shared/paths';
import { newPasswordSchema } from '@shared/schemas/account';
import { Button, buttonClass } from '@web/components/button';
import { FormField } from '@web/components/form-field';
import { Page } from '@web/components/page';
import { admin as heAdmin } from '@web/i18n/admin';
import { ApiError } from '@web/lib/api-client';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { useResetPassword } from './api';

const t = heAdmin;

const schema = z
  .object({ newPassword: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    error: t.account.mismatch,
  });
type Values = z.infer<typeof schema>;

/** The page of the mailed link: choose a new password (the token is single use and valid one hour). */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const submit = handleSubmit(({ newPassword }) =>
    reset.mutate(
      { token, newPassword },
      {
        onError: (err) => {
          const fieldErrors = err instanceof ApiError ? err.fieldErrors : {};
          if (fieldErrors.newPassword) setError('newPassword', { message: fieldErrors.newPassword });
          else setError('root', { message: err instanceof ApiError ? err.message : t.common.saveFailed });
        },
      },
    ),
  );
  return (
    <Page title={t.reset.title}>
      <div className="mx-auto flex max-w-md flex-col gap-4 rounded-2xl bg-white p-6 shadow-md">
        {reset.isSuccess ? (
          <>
            <p role="status" className="text-lg text-slate-800">
              {reset.data.message}
            </p>
            <Link to={paths.login()} className={buttonClass()}>
              {t.reset.toLogin}
            </Link>
          </>
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-4">
            {errors.root?.message && (
              <div role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
                <p>{errors.root.message}</p>
                <Link to={paths.forgotPassword()} className="font-semibold underline underline-offset-4">
                  {t.forgot.title}
                </Link>
              </div>
            )}
            <input type="text" autoComplete="username" hidden readOnly value="" />
            <FormField
              label={t.account.newPassword}
              type="password"
              dir="ltr"
              autoComplete="new-password"
              error={errors.newPassword?.message}
              {...register('newPassword')}
            />
            <FormField
              label={t.account.confirmPassword}
              type="password"
              dir="ltr"
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
              {...register('confirmPassword')}
            />
            <Button type="submit" disabled={reset.isPending}>
              {reset.isPending ? t.common.saving : t.reset.submit}
            </Button>
          </form>
        )}
      </div>
    </Page>
  );
}

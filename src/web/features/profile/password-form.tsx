import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBodySchema, isSameAsEmail, PASSWORD_MESSAGES } from '@shared/schemas/account';
import { Button } from '@web/components/button';
import { FormField } from '@web/components/form-field';
import { admin as heAdmin } from '@web/i18n/admin';
import { ApiError, isSessionEnd } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useChangePassword } from './account-api';

const t = heAdmin.account;

const schemaFor = (email: string) =>
  changePasswordBodySchema
    .extend({ confirmPassword: z.string() })
    .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], error: t.mismatch })
    .refine((v) => !isSameAsEmail(v.newPassword, email), {
      path: ['newPassword'],
      error: PASSWORD_MESSAGES.sameAsEmail,
    });
type Values = z.infer<ReturnType<typeof schemaFor>>;

/** Change own password: the current one is required; the server ends the user's other sessions. */
export function PasswordForm({ email }: { email: string }) {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schemaFor(email)),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const submit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast.success(t.passwordChanged);
          reset();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 400)
            for (const [field, message] of Object.entries(err.fieldErrors))
              setError(field as keyof Values, { message });
          else if (!isSessionEnd(err)) toast.error(heAdmin.common.saveFailed);
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t.passwordTitle}>
      {/* Lets password managers tie the new password to the account. */}
      <input type="email" value={email} autoComplete="username" readOnly hidden />
      <FormField
        label={t.currentPassword}
        type="password"
        dir="ltr"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <FormField
        label={t.newPassword}
        type="password"
        dir="ltr"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <FormField
        label={t.confirmPassword}
        type="password"
        dir="ltr"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" disabled={change.isPending} className="w-fit">
        {change.isPending ? heAdmin.common.saving : t.changePassword}
      </Button>
    </form>
  );
}

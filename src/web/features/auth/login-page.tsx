import { zodResolver } from '@hookform/resolvers/zod';
import { paths } from '@shared/paths';
import { type LoginBody, loginBodySchema } from '@shared/schemas/user';
import { Button } from '@web/components/button';
import { FormField } from '@web/components/form-field';
import { Page } from '@web/components/page';
import { admin as heAdmin } from '@web/i18n/admin';
import { he } from '@web/i18n/he';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useLogin } from './api';

export function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginBody>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (user) => {
        toast.success(he.auth.loginSuccess);
        // An agent's day starts with its leads ("היום שלי"); admins keep their profile page.
        navigate(user.role === 'admin' ? paths.agentProfile() : paths.myDay());
      },
      onError: (err) =>
        toast.error(err instanceof ApiError && err.status === 429 ? he.auth.tooMany : he.auth.loginFailure),
    }),
  );

  return (
    <Page title={he.auth.loginTitle}>
      <form
        onSubmit={onSubmit}
        noValidate
        className="mx-auto flex max-w-md flex-col gap-4 rounded-2xl bg-white p-6 shadow-md"
      >
        <FormField
          label={he.auth.email}
          type="email"
          autoComplete="email"
          required
          dir="ltr"
          error={errors.email?.message}
          {...register('email')}
        />
        <FormField
          label={he.auth.password}
          type="password"
          autoComplete="current-password"
          required
          dir="ltr"
          error={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" disabled={login.isPending}>
          {login.isPending ? he.auth.submitting : he.auth.submit}
        </Button>
        <Link to={paths.forgotPassword()} className="text-center text-brand-800 underline underline-offset-4">
          {heAdmin.forgot.link}
        </Link>
      </form>
    </Page>
  );
}

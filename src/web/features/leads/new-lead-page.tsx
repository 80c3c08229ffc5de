import { zodResolver } from '@hookform/resolvers/zod';
import { LEAD_CATEGORIES } from '@shared/domain/lead-categories';
import { paths } from '@shared/paths';
import { createLeadSchema } from '@shared/schemas/pipeline';
import { Button } from '@web/components/button';
import { FormField } from '@web/components/form-field';
import { Page } from '@web/components/page';
import { SelectField } from '@web/components/select-field';
import { TextAreaField } from '@web/components/text-area-field';
import { pipeline } from '@web/i18n/pipeline';
import { ApiError } from '@web/lib/api-client';
import { useSession } from '@web/lib/session';
import { toast } from '@web/lib/toast';
import { useAgentUsers } from '@web/lib/users';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { type CreateLeadInput, useCreateLead } from './pipeline-api';
import { showError } from './show-error';

const t = pipeline.newLead;
type Values = z.input<typeof createLeadSchema>;
const FIELDS = ['name', 'phone', 'category', 'message', 'ownerId', 'nextTouchAt'] as const;
const checkLead = zodResolver(createLeadSchema);

/** The request: the optional owner and next touch only when chosen. */
const bodyOf = (values: Values): CreateLeadInput => ({
  name: values.name,
  phone: values.phone,
  category: values.category,
  message: values.message,
  ...(values.ownerId ? { ownerId: values.ownerId } : {}),
  ...(values.nextTouchAt ? { nextTouchAt: values.nextTouchAt } : {}),
});

/** /NewLead: a walk-in or a phone call typed in by an agent (its own lead) or an admin (any owner, or the rules). */
export function NewLeadPage() {
  const { user } = useSession();
  const admin = user?.role === 'admin';
  const agents = useAgentUsers(admin);
  const create = useCreateLead();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({
    // The form checks the shared rules on what it will send, and sends the text as typed (the server reads a
    // time without a zone as Israel's).
    resolver: async (values, context, options) => {
      const result = await checkLead(bodyOf(values), context, options);
      return Object.keys(result.errors).length > 0
        ? { values: {}, errors: result.errors }
        : { values, errors: {} };
    },
    defaultValues: { name: '', phone: '', category: '', message: '', ownerId: '', nextTouchAt: '' },
  });
  const onSubmit = handleSubmit((values) => {
    create.mutate(bodyOf(values), {
      onSuccess: (lead) => {
        toast.success(t.created);
        navigate(paths.leadView(lead._id));
      },
      onError: (err) => {
        if (err instanceof ApiError)
          for (const [field, message] of Object.entries(err.fieldErrors))
            if ((FIELDS as readonly string[]).includes(field))
              setError(field as (typeof FIELDS)[number], { message });
        showError(err, t.failed);
      },
    });
  });
  return (
    <Page title={t.title}>
      <p className="mb-6 text-slate-700">{t.intro}</p>
      <form
        onSubmit={onSubmit}
        noValidate
        className="mx-auto flex max-w-xl flex-col gap-4 rounded-2xl bg-white p-6 shadow-md"
      >
        <FormField
          label={t.name}
          autoComplete="off"
          required
          error={errors.name?.message}
          {...register('name')}
        />
        <FormField
          label={t.phone}
          type="tel"
          inputMode="tel"
          dir="ltr"
          required
          error={errors.phone?.message}
          {...register('phone')}
        />
        <SelectField
          label={t.category}
          required
          error={errors.category?.message}
          options={[{ value: '', label: '—' }, ...Object.values(LEAD_CATEGORIES)]}
          {...register('category')}
        />
        <TextAreaField label={t.message} rows={3} error={errors.message?.message} {...register('message')} />
        {admin && (
          <SelectField
            label={t.owner}
            error={errors.ownerId?.message}
            options={[
              { value: '', label: t.ownerByRules },
              ...(agents.data ?? []).map((a) => ({ value: a._id, label: a.name })),
            ]}
            {...register('ownerId')}
          />
        )}
        <FormField
          label={t.nextTouch}
          type="datetime-local"
          error={errors.nextTouchAt?.message}
          {...register('nextTouchAt')}
        />
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t.submitting : t.submit}
        </Button>
      </form>
    </Page>
  );
}

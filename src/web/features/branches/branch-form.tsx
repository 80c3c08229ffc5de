import { zodResolver } from '@hookform/resolvers/zod';
import { BRANCH_MESSAGES, type Branch, branchBrokerSchema, branchFields } from '@shared/schemas/branch';
import { Button } from '@web/components/button';
import { FormField } from '@web/components/form-field';
import { branches as t } from '@web/i18n/branches';
import { ApiError, isSessionEnd } from '@web/lib/api-client';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { type FieldPath, useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';

/** The shared fields one by one (the server checks the same): every field shows its message at once. */
const formSchema = z.object({
  name: branchFields.name,
  slug: branchFields.slug,
  city: branchFields.city,
  address: branchFields.address,
  phone: branchFields.phone,
  email: branchFields.email,
  openingHours: branchFields.openingHours,
  legalEntity: branchFields.legalEntity,
  brokers: z.array(branchBrokerSchema).max(20, { error: BRANCH_MESSAGES.tooManyBrokers }),
});
type BranchFormValues = z.input<typeof formSchema>;
export type BranchFormOutput = z.output<typeof formSchema>;

const toValues = (branch?: Branch): BranchFormValues => ({
  name: branch?.name ?? '',
  slug: branch?.slug ?? '',
  city: branch?.city ?? '',
  address: branch?.address ?? '',
  phone: branch?.phone ?? '',
  email: branch?.email ?? '',
  openingHours: branch?.openingHours ?? '',
  legalEntity: branch?.legalEntity ?? '',
  brokers: branch?.brokers ?? [],
});

type Props = {
  branch?: Branch;
  busy: boolean;
  onSubmit: (values: BranchFormOutput) => Promise<unknown>;
  onCancel: () => void;
};

/** Create or edit a branch (network admins): its details and its licensed brokers, added and removed by row. */
export function BranchForm({ branch, busy, onSubmit, onCancel }: Props) {
  const brokersId = useId();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<BranchFormValues, unknown, BranchFormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: toValues(branch),
  });
  const brokers = useFieldArray({ control, name: 'brokers' });
  // The form opens where the keyboard was (the add or edit button): its first field takes the focus.
  useEffect(() => setFocus('name'), [setFocus]);

  const submit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await onSubmit(values);
    } catch (err) {
      if (isSessionEnd(err)) return;
      const fields = err instanceof ApiError ? Object.entries(err.fieldErrors) : [];
      for (const [field, message] of fields)
        setError(field as FieldPath<BranchFormValues>, { message }, { shouldFocus: true });
      // A refusal of no one field (or a failed network) is said under the buttons.
      if (fields.length === 0) setFormError(err instanceof ApiError ? err.message : t.saveFailed);
    }
  });

  const rowError = (index: number, field: 'name' | 'licenceNumber') =>
    errors.brokers?.[index]?.[field]?.message;

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <FormField
        label={t.name}
        required
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <FormField
        label={t.slug}
        required
        dir="ltr"
        autoComplete="off"
        error={errors.slug?.message}
        {...register('slug')}
      />
      <FormField label={t.city} error={errors.city?.message} {...register('city')} />
      <FormField label={t.address} error={errors.address?.message} {...register('address')} />
      <FormField label={t.phone} type="tel" dir="ltr" error={errors.phone?.message} {...register('phone')} />
      <FormField
        label={t.email}
        type="email"
        dir="ltr"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <FormField label={t.openingHours} error={errors.openingHours?.message} {...register('openingHours')} />
      <FormField label={t.legalEntity} error={errors.legalEntity?.message} {...register('legalEntity')} />
      <fieldset className="flex min-w-0 flex-col gap-3 sm:col-span-2" aria-describedby={brokersId}>
        <legend className="mb-1 font-semibold text-brand-900">{t.brokers}</legend>
        <p id={brokersId} className="text-sm text-slate-700">
          {t.brokersHint}
        </p>
        {brokers.fields.length === 0 && <p className="text-slate-600">{t.noBrokers}</p>}
        <ul className="flex flex-col gap-3">
          {brokers.fields.map((field, index) => (
            <li
              key={field.id}
              className="grid items-start gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_auto]"
            >
              <FormField
                label={t.brokerNameOf(index + 1)}
                autoComplete="off"
                error={rowError(index, 'name')}
                {...register(`brokers.${index}.name`)}
              />
              <FormField
                label={t.licenceOf(index + 1)}
                dir="ltr"
                inputMode="numeric"
                autoComplete="off"
                error={rowError(index, 'licenceNumber')}
                {...register(`brokers.${index}.licenceNumber`)}
              />
              <Button
                variant="secondary"
                className="min-h-11 self-end"
                aria-label={t.removeBroker(index + 1)}
                onClick={() => brokers.remove(index)}
              >
                <Trash2 aria-hidden="true" size={18} />
              </Button>
            </li>
          ))}
        </ul>
        {errors.brokers?.message && (
          <p role="alert" className="text-sm text-red-700">
            {errors.brokers.message}
          </p>
        )}
        <div>
          <Button
            variant="secondary"
            disabled={brokers.fields.length >= 20}
            onClick={() => {
              // The new row's first field takes the focus, for the keyboard.
              brokers.append({ name: '', licenceNumber: '' });
            }}
          >
            <Plus aria-hidden="true" size={18} />
            {t.addBroker}
          </Button>
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? t.saving : t.save}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t.cancel}
        </Button>
      </div>
      {formError && (
        <p role="alert" className="text-red-700 sm:col-span-2">
          {formError}
        </p>
      )}
    </form>
  );
}

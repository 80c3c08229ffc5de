import { zodResolver } from '@hookform/resolvers/zod';
import { addMonths, MARKETING_ACTION_LABELS, MARKETING_ACTIONS } from '@shared/domain/exclusivity';
import { israelDate } from '@shared/domain/israel-time';
import {
  type CreateExclusivityInput,
  createExclusivitySchema,
  type Exclusivity,
} from '@shared/schemas/exclusivities';
import type { OrderDraft } from '@shared/schemas/orders';
import { Button } from '@web/components/button';
import { CheckboxField } from '@web/components/checkbox-field';
import { FormField } from '@web/components/form-field';
import { SelectField } from '@web/components/select-field';
import { exclusivity } from '@web/i18n/exclusivity';
import { orders } from '@web/i18n/orders';
import { ApiError, isSessionEnd } from '@web/lib/api-client';
import { useCreateAndSendExclusivity } from '@web/lib/exclusivities-api';
import { formatDate } from '@web/lib/format';
import type { SentOrder } from '@web/lib/orders-api';
import { toast } from '@web/lib/toast';
import { useId } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';

const t = exclusivity.form;
const o = orders.form;

type Values = {
  clientName: string;
  clientIdNumber: string;
  clientAddress: string;
  clientPhone: string;
  clientEmail: string;
  approxPrice: string;
  feeKind: 'percent' | 'amount';
  feeValue: string;
  vatIncluded: boolean;
  termStart: string;
  termEnd: string;
  marketingActions: string[];
};

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(/[,\s₪%]/g, '')));
const check = zodResolver(createExclusivitySchema);

const day = (date: string) => formatDate(`${date}T12:00:00Z`);

/** The form's values from a signed exclusivity, for its correction: everything as it was signed. */
const valuesOf = (signed: Exclusivity): Values => ({
  clientName: signed.clientName,
  clientIdNumber: signed.clientIdNumber,
  clientAddress: signed.clientAddress,
  clientPhone: signed.clientPhone,
  clientEmail: signed.clientEmail ?? '',
  approxPrice: String(signed.approxPrice),
  feeKind: signed.feePercentHundredths !== null ? 'percent' : 'amount',
  feeValue: String((signed.feePercentHundredths ?? signed.feeAgorot ?? 0) / 100),
  vatIncluded: signed.vatIncluded,
  termStart: signed.termStart,
  termEnd: signed.termEnd,
  marketingActions: signed.marketingActions,
});

/**
 * A new exclusivity for a property, phone first: the property, its price and the seller's or landlord's side
 * come from the draft; the agent adds the client, the fee, the term (6 months ahead by default) and the
 * marketing actions, and it is issued and sent in one step. A correction (`replaces`) starts from the signed
 * exclusivity it replaces and names it (decision 0054).
 */
export function ExclusivityForm({
  draft,
  replaces,
  onSent,
  onCancel,
}: {
  draft: OrderDraft;
  replaces?: Exclusivity;
  onSent: (sent: SentOrder) => void;
  onCancel: () => void;
}) {
  const create = useCreateAndSendExclusivity();
  const actionsErrorId = `${useId()}-actions-error`;
  const bodyOf = (values: Values): CreateExclusivityInput => ({
    propertyId: draft.propertyId ?? '',
    ...(replaces ? { replacesOrderId: replaces._id } : {}),
    side: draft.side === 'landlord' ? 'landlord' : 'seller',
    clientName: values.clientName,
    clientIdNumber: values.clientIdNumber,
    clientAddress: values.clientAddress,
    clientPhone: values.clientPhone,
    ...(values.clientEmail.trim() ? { clientEmail: values.clientEmail } : {}),
    approxPrice: numberOf(values.approxPrice),
    feeKind: values.feeKind,
    feeValue: numberOf(values.feeValue),
    vatIncluded: values.vatIncluded,
    termStart: values.termStart,
    termEnd: values.termEnd,
    marketingActions: values.marketingActions,
  });
  const today = israelDate();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({
    resolver: async (values, context, options) => {
      const result = await check(bodyOf(values), context, options as never);
      return Object.keys(result.errors).length > 0
        ? { values: {}, errors: result.errors }
        : { values, errors: {} };
    },
    defaultValues: replaces
      ? valuesOf(replaces)
      : {
          clientName: draft.clientName,
          clientIdNumber: '',
          clientAddress: '',
          clientPhone: draft.clientPhone,
          clientEmail: draft.clientEmail,
          approxPrice: draft.approxPrice ? String(draft.approxPrice) : '',
          feeKind: 'percent',
          feeValue: '',
          vatIncluded: false,
          termStart: today,
          termEnd: addMonths(today, 6),
          marketingActions: ['sign', 'internet'],
        },
  });
  const onSubmit = handleSubmit((values) => {
    create.mutate(bodyOf(values), {
      onSuccess: onSent,
      onError: (err) => {
        if (isSessionEnd(err)) return;
        if (err instanceof ApiError)
          for (const [field, message] of Object.entries(err.fieldErrors))
            setError(field as FieldPath<Values>, { message });
        toast.error(err instanceof ApiError ? err.message : t.failed);
      },
    });
  });
  const actionsError = errors.marketingActions?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3" data-testid="exclusivity-form">
      <p className="rounded-lg bg-slate-100 px-3 py-1">{draft.properties[0]?.address}</p>
      {replaces && (
        <p className="font-medium" data-testid="exclusivity-correction-of">
          {t.correctionOf(day(replaces.termStart), day(replaces.termEnd))}
        </p>
      )}
      <FormField
        label={o.clientName}
        required
        autoComplete="off"
        error={errors.clientName?.message}
        {...register('clientName')}
      />
      <FormField
        label={o.clientIdNumber}
        required
        inputMode="numeric"
        dir="ltr"
        autoComplete="off"
        error={errors.clientIdNumber?.message}
        {...register('clientIdNumber')}
      />
      <FormField
        label={o.clientAddress}
        required
        autoComplete="off"
        error={errors.clientAddress?.message}
        {...register('clientAddress')}
      />
      <FormField
        label={o.clientPhone}
        required
        type="tel"
        inputMode="tel"
        dir="ltr"
        error={errors.clientPhone?.message}
        {...register('clientPhone')}
      />
      <FormField
        label={o.clientEmail}
        type="email"
        dir="ltr"
        error={errors.clientEmail?.message}
        {...register('clientEmail')}
      />
      <FormField
        label={o.approxPrice}
        required
        inputMode="numeric"
        dir="ltr"
        error={errors.approxPrice?.message}
        {...register('approxPrice')}
      />
      <SelectField
        label={o.feeKind}
        options={[
          { value: 'percent', label: o.feePercent },
          { value: 'amount', label: o.feeAmount },
        ]}
        {...register('feeKind')}
      />
      <FormField
        label={o.feeValue}
        required
        inputMode="decimal"
        dir="ltr"
        error={errors.feeValue?.message}
        {...register('feeValue')}
      />
      <CheckboxField label={o.vatIncluded} {...register('vatIncluded')} />
      <FormField
        label={t.termStart}
        required
        type="date"
        error={errors.termStart?.message}
        {...register('termStart')}
      />
      <p className="text-sm text-slate-700">{t.termHint}</p>
      <FormField
        label={t.termEnd}
        required
        type="date"
        error={errors.termEnd?.message}
        {...register('termEnd')}
      />
      <Controller
        control={control}
        name="marketingActions"
        render={({ field }) => (
          <fieldset
            aria-describedby={actionsError ? actionsErrorId : undefined}
            className="flex flex-col gap-1"
          >
            <legend className="mb-1 font-medium">{t.actions}</legend>
            {MARKETING_ACTIONS.map((action) => (
              <CheckboxField
                key={action}
                label={MARKETING_ACTION_LABELS[action]}
                checked={field.value.includes(action)}
                onChange={(e) =>
                  field.onChange(
                    MARKETING_ACTIONS.filter((a) =>
                      a === action ? e.target.checked : field.value.includes(a),
                    ),
                  )
                }
              />
            ))}
            {actionsError && (
              <p id={actionsErrorId} role="alert" className="font-medium text-red-700">
                {actionsError}
              </p>
            )}
          </fieldset>
        )}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t.submitting : t.submit}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {exclusivity.cancel}
        </Button>
      </div>
    </form>
  );
}

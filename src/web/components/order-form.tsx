import { zodResolver } from '@hookform/resolvers/zod';
import {
  ORDER_SIDES,
  type OrderSide,
  SIDE_LABELS,
  TRANSACTION_LABELS,
  TRANSACTION_OF_SIDE,
} from '@shared/domain/brokerage-order';
import {
  type CreateOrderInput,
  createOrderSchema,
  type Order,
  type OrderDraft,
} from '@shared/schemas/orders';
import { Button } from '@web/components/button';
import { CheckboxField } from '@web/components/checkbox-field';
import { FormField } from '@web/components/form-field';
import { SelectField } from '@web/components/select-field';
import { orders } from '@web/i18n/orders';
import { ApiError, isSessionEnd } from '@web/lib/api-client';
import { formatDate } from '@web/lib/format';
import { type SentOrder, useCreateAndSendOrder } from '@web/lib/orders-api';
import { toast } from '@web/lib/toast';
import { useEffect, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';

const t = orders.form;

type Values = {
  side: OrderSide;
  clientName: string;
  clientIdNumber: string;
  clientAddress: string;
  clientPhone: string;
  clientEmail: string;
  brokerLicence: string;
  approxPrice: string;
  feeKind: 'percent' | 'amount';
  feeValue: string;
  vatIncluded: boolean;
};
type Property = { propertyId?: string; address: string };

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(/[,\s₪%]/g, '')));

const checkOrder = zodResolver(createOrderSchema);

/** The form's fields from a signed order a correction replaces: everything as signed, to be changed. */
const valuesOf = (order: Order, draft: OrderDraft): Values => ({
  side: order.side,
  clientName: order.clientName,
  clientIdNumber: order.clientIdNumber,
  clientAddress: order.clientAddress,
  clientPhone: order.clientPhone,
  clientEmail: order.clientEmail ?? '',
  brokerLicence: draft.brokers.some((b) => b.licenceNumber === order.brokerLicence)
    ? order.brokerLicence
    : (draft.brokers[0]?.licenceNumber ?? ''),
  approxPrice: String(order.approxPrice),
  feeKind: order.feeAgorot === null ? 'percent' : 'amount',
  feeValue:
    order.feeAgorot === null
      ? String((order.feePercentHundredths ?? 0) / 100)
      : String(order.feeAgorot / 100),
  vatIncluded: order.vatIncluded,
});

/**
 * A new order, phone first: what the lead or property already tells is filled in; the agent adds the client's
 * ID and address and the fee, and the order is issued and sent in one step. With `replaces`, a correction of a
 * signed order: a new order, filled in as that one was signed, that names it (a signed order never changes).
 */
export function OrderForm({
  draft,
  replaces,
  onSent,
  onCancel,
}: {
  draft: OrderDraft;
  replaces?: Order;
  onSent: (sent: SentOrder) => void;
  onCancel: () => void;
}) {
  const [properties, setProperties] = useState<Property[]>(
    replaces ? replaces.properties.map((p) => ({ ...p })) : draft.properties,
  );
  const [newAddress, setNewAddress] = useState('');
  const create = useCreateAndSendOrder();
  const bodyOf = (values: Values): CreateOrderInput => ({
    ...(draft.leadId ? { leadId: draft.leadId } : {}),
    ...(draft.propertyId ? { propertyId: draft.propertyId } : {}),
    ...(replaces ? { replacesOrderId: replaces._id } : {}),
    side: values.side,
    transactionKind: TRANSACTION_OF_SIDE[values.side],
    clientName: values.clientName,
    clientIdNumber: values.clientIdNumber,
    clientAddress: values.clientAddress,
    clientPhone: values.clientPhone,
    ...(values.clientEmail.trim() ? { clientEmail: values.clientEmail } : {}),
    ...(values.brokerLicence ? { brokerLicence: values.brokerLicence } : {}),
    properties,
    approxPrice: numberOf(values.approxPrice),
    feeKind: values.feeKind,
    feeValue: numberOf(values.feeValue),
    vatIncluded: values.vatIncluded,
  });
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<Values>({
    resolver: async (values, context, options) => {
      const result = await checkOrder(bodyOf(values), context, options as never);
      return Object.keys(result.errors).length > 0
        ? { values: {}, errors: result.errors }
        : { values, errors: {} };
    },
    defaultValues: replaces
      ? valuesOf(replaces, draft)
      : {
          side: draft.side,
          clientName: draft.clientName,
          clientIdNumber: '',
          clientAddress: '',
          clientPhone: draft.clientPhone,
          clientEmail: draft.clientEmail,
          brokerLicence: draft.brokers[0]?.licenceNumber ?? '',
          approxPrice: draft.approxPrice ? String(draft.approxPrice) : '',
          feeKind: 'percent',
          feeValue: '',
          vatIncluded: false,
        },
  });
  // A correction opens below the signed order: the keyboard goes to its first field, not back to the top.
  useEffect(() => {
    if (replaces) setFocus('clientName');
  }, [replaces, setFocus]);
  const propertiesError = (errors as Record<string, { message?: string } | undefined>).properties?.message;
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
  const addProperty = () => {
    const address = newAddress.trim();
    if (!address) return;
    setProperties((list) => (list.some((p) => p.address === address) ? list : [...list, { address }]));
    setNewAddress('');
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3" data-testid="order-form">
      {replaces?.signedAt && (
        <p className="rounded-lg bg-amber-50 p-3 text-amber-900" data-testid="order-correction-note">
          {t.correctionOf(formatDate(replaces.signedAt))}
        </p>
      )}
      <SelectField
        label={t.side}
        required
        error={errors.side?.message}
        options={ORDER_SIDES.map((s) => ({
          value: s,
          label: `${SIDE_LABELS[s]} (${TRANSACTION_LABELS[TRANSACTION_OF_SIDE[s]]})`,
        }))}
        {...register('side')}
      />
      <FormField
        label={t.clientName}
        required
        autoComplete="off"
        error={errors.clientName?.message}
        {...register('clientName')}
      />
      <FormField
        label={t.clientIdNumber}
        required
        inputMode="numeric"
        dir="ltr"
        autoComplete="off"
        error={errors.clientIdNumber?.message}
        {...register('clientIdNumber')}
      />
      <FormField
        label={t.clientAddress}
        required
        autoComplete="off"
        error={errors.clientAddress?.message}
        {...register('clientAddress')}
      />
      <FormField
        label={t.clientPhone}
        required
        type="tel"
        inputMode="tel"
        dir="ltr"
        error={errors.clientPhone?.message}
        {...register('clientPhone')}
      />
      <FormField
        label={t.clientEmail}
        type="email"
        dir="ltr"
        error={errors.clientEmail?.message}
        {...register('clientEmail')}
      />
      {draft.brokers.length > 1 && (
        <SelectField
          label={t.broker}
          error={errors.brokerLicence?.message}
          options={draft.brokers.map((b) => ({
            value: b.licenceNumber,
            label: `${b.name} (${b.licenceNumber})`,
          }))}
          {...register('brokerLicence')}
        />
      )}
      {draft.brokers.length <= 1 && errors.brokerLicence?.message && (
        <p role="alert" className="font-medium text-red-700">
          {errors.brokerLicence.message}
        </p>
      )}
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={propertiesError ? 'order-properties-error' : undefined}
      >
        <legend className="mb-1 font-medium">{t.properties}</legend>
        <ul className="flex flex-col gap-1">
          {properties.map((p, i) => (
            <li
              key={p.propertyId ?? p.address}
              className="flex items-center justify-between gap-2 rounded-lg bg-slate-100 px-3 py-1"
            >
              <span>{p.address}</span>
              <button
                type="button"
                className="min-h-8 px-2 text-red-800 underline"
                onClick={() => setProperties((list) => list.filter((_, j) => j !== i))}
                aria-label={t.remove(p.address)}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
        <div className="flex items-end gap-2">
          <div className="flex-1">
            <FormField
              label={t.addAddress}
              value={newAddress}
              onChange={(e) => setNewAddress(e.target.value)}
            />
          </div>
          <Button variant="secondary" onClick={addProperty}>
            {t.add}
          </Button>
        </div>
        {propertiesError && (
          <p id="order-properties-error" role="alert" className="font-medium text-red-700">
            {propertiesError}
          </p>
        )}
      </fieldset>
      <FormField
        label={t.approxPrice}
        required
        inputMode="numeric"
        dir="ltr"
        error={errors.approxPrice?.message}
        {...register('approxPrice')}
      />
      <SelectField
        label={t.feeKind}
        options={[
          { value: 'percent', label: t.feePercent },
          { value: 'amount', label: t.feeAmount },
        ]}
        {...register('feeKind')}
      />
      <FormField
        label={t.feeValue}
        required
        inputMode="decimal"
        dir="ltr"
        error={errors.feeValue?.message}
        {...register('feeValue')}
      />
      <CheckboxField label={t.vatIncluded} {...register('vatIncluded')} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t.submitting : t.submit}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {orders.cancel}
        </Button>
      </div>
    </form>
  );
}

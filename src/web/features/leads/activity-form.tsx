import { ACTIVITY_KIND_LABELS, type ActivityKind, AMOUNT_KINDS } from '@shared/domain/activities';
import { Button } from '@web/components/button';
import { FormField } from '@web/components/form-field';
import { SelectField } from '@web/components/select-field';
import { TextAreaField } from '@web/components/text-area-field';
import { pipeline } from '@web/i18n/pipeline';
import { ApiError } from '@web/lib/api-client';
import { useAgentUsers } from '@web/lib/users';
import { useId, useState } from 'react';

const t = pipeline.log;

/** The fields of an activity as the form holds them (text of the controls). */
export type ActivityDraft = {
  note: string;
  occurredAt: string;
  amount: string;
  price: string;
  /** A deal typed as one figure (deals logged before the sides): the fee before VAT. */
  commission: string;
  /** A deal's fee per side, and 'yes' when that side's fee has VAT in it. */
  buyerSideFee: string;
  buyerSideFeeIncludesVat: string;
  sellerSideFee: string;
  sellerSideFeeIncludesVat: string;
  secondAgentId: string;
  secondAgentCommission: string;
  /** Why a deal is logged without a signed brokerage order for a side (asked by the server). */
  noOrderReason: string;
};
export const EMPTY_DRAFT: ActivityDraft = {
  note: '',
  occurredAt: '',
  amount: '',
  price: '',
  commission: '',
  buyerSideFee: '',
  buyerSideFeeIncludesVat: '',
  sellerSideFee: '',
  sellerSideFeeIncludesVat: '',
  secondAgentId: '',
  secondAgentCommission: '',
  noOrderReason: '',
};

/** Whole shekels as typed ('1,250,000' too), or undefined when the box is empty. */
const shekels = (text: string) => {
  const clean = text.replace(/[,\s₪]/g, '');
  return clean === '' ? undefined : Number(clean);
};

/** The request body of a draft: only the fields its kind takes (the server checks the same rules). */
export function bodyOfDraft(kind: ActivityKind, draft: ActivityDraft, initialCommission = false) {
  const body: Record<string, unknown> = { note: draft.note.trim() };
  if (draft.occurredAt) body.occurredAt = draft.occurredAt;
  if (AMOUNT_KINDS[kind]) {
    const amount = shekels(draft.amount);
    if (amount !== undefined || AMOUNT_KINDS[kind] === 'required') body.amount = amount ?? null;
  }
  if (kind === 'deal') {
    body.price = shekels(draft.price) ?? null;
    const buyer = shekels(draft.buyerSideFee);
    const seller = shekels(draft.sellerSideFee);
    if (buyer === undefined && seller === undefined && draft.commission)
      body.commission = shekels(draft.commission) ?? null;
    else {
      body.buyerSideFee = buyer ?? null;
      body.buyerSideFeeIncludesVat = buyer !== undefined && draft.buyerSideFeeIncludesVat === 'yes';
      body.sellerSideFee = seller ?? null;
      body.sellerSideFeeIncludesVat = seller !== undefined && draft.sellerSideFeeIncludesVat === 'yes';
      // The commission is the sides' sum (the server adds them); an edit of an old deal moves it to the sides.
      if (initialCommission) body.commission = null;
    }
    if (draft.secondAgentId) {
      body.secondAgentId = draft.secondAgentId;
      body.secondAgentCommission = shekels(draft.secondAgentCommission) ?? null;
    }
    if (draft.noOrderReason.trim()) body.noOrderReason = draft.noOrderReason.trim();
  }
  return body;
}

/**
 * The fields of one kind of activity: a note, when, and the amounts it carries (an offer's amount, a price
 * update's new price, a deal's price, commission and its split with a second agent). The server's field
 * messages land on their fields.
 */
export function ActivityForm({
  kind,
  initial = EMPTY_DRAFT,
  submitLabel = t.submit,
  busy,
  ownerId,
  onSubmit,
  onCancel,
}: {
  kind: ActivityKind;
  initial?: ActivityDraft;
  submitLabel?: string;
  busy?: boolean;
  /** The lead's owner: not offered as the deal's second agent. */
  ownerId?: string;
  onSubmit: (body: Record<string, unknown>) => Promise<unknown>;
  onCancel: () => void;
}) {
  const titleId = useId();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const agents = useAgentUsers(kind === 'deal');
  const field = (key: keyof ActivityDraft) => ({
    value: draft[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
  });
  const amountUse = AMOUNT_KINDS[kind];
  // A deal logged as one figure before the sides keeps its box until the sides are typed.
  const oneFigure = Boolean(draft.commission) && !draft.buyerSideFee && !draft.sellerSideFee;
  // A plain function, not a component: a component made in render would lose the focus on every key.
  const sideFee = (label: string, vatLabel: string, side: 'buyerSideFee' | 'sellerSideFee') => (
    <>
      {/* Without sides, "the commission is required" belongs to the first side's box. */}
      <FormField
        label={label}
        inputMode="numeric"
        dir="ltr"
        {...field(side)}
        error={errors[side] ?? (side === 'buyerSideFee' ? errors.commission : undefined)}
      />
      <SelectField
        label={vatLabel}
        {...field(`${side}IncludesVat`)}
        options={[
          { value: '', label: t.beforeVat },
          { value: 'yes', label: t.includesVat },
        ]}
      />
    </>
  );
  const submit = async () => {
    setErrors({});
    try {
      await onSubmit(bodyOfDraft(kind, draft, Boolean(initial.commission)));
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors);
    }
  };
  return (
    <form
      aria-labelledby={titleId}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4"
    >
      <h3 id={titleId} className="font-bold text-brand-900">
        {t.formTitle(ACTIVITY_KIND_LABELS[kind])}
      </h3>
      {amountUse && (
        <FormField
          label={amountUse === 'required' ? t.amount : t.newPrice}
          inputMode="numeric"
          dir="ltr"
          required={amountUse === 'required'}
          {...field('amount')}
        />
      )}
      {kind === 'deal' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label={t.price} inputMode="numeric" dir="ltr" required {...field('price')} />
          {oneFigure ? (
            <FormField label={t.commission} inputMode="numeric" dir="ltr" required {...field('commission')} />
          ) : (
            <>
              {sideFee(t.buyerSideFee, t.buyerSideVat, 'buyerSideFee')}
              {sideFee(t.sellerSideFee, t.sellerSideVat, 'sellerSideFee')}
            </>
          )}
          <SelectField
            label={t.secondAgent}
            {...field('secondAgentId')}
            options={[
              { value: '', label: '—' },
              ...(agents.data ?? [])
                .filter((a) => a._id !== ownerId)
                .map((a) => ({ value: a._id, label: a.name })),
            ]}
          />
          {draft.secondAgentId && (
            <FormField
              label={t.secondAgentCommission}
              inputMode="numeric"
              dir="ltr"
              {...field('secondAgentCommission')}
            />
          )}
        </div>
      )}
      {/* A side of the deal has no signed brokerage order: the server asks why, and the reason is asked here. */}
      {kind === 'deal' && (errors.noOrderReason || draft.noOrderReason) && (
        <TextAreaField
          label={t.noOrderReason}
          rows={2}
          maxLength={500}
          required
          {...field('noOrderReason')}
        />
      )}
      {/* A deal on another branch's property without a referral: the lead has no field for it, so it is said here. */}
      {errors.propertyId && (
        <p role="alert" className="text-sm text-red-800">
          {errors.propertyId}
        </p>
      )}
      <TextAreaField label={t.note} rows={2} maxLength={2000} {...field('note')} />
      <FormField label={t.occurredAt} type="datetime-local" {...field('occurredAt')} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {pipeline.common.cancel}
        </Button>
      </div>
    </form>
  );
}

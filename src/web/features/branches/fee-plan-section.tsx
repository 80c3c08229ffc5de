import { formatDate, israelDate } from '@shared/domain/israel-time';
import type { CreateFeePlanBody, FeePlan } from '@shared/schemas/money';
import { Button } from '@web/components/button';
import { FormField } from '@web/components/form-field';
import { NumberField } from '@web/components/number-field';
import { SelectField } from '@web/components/select-field';
import { feePlans as t } from '@web/i18n/money';
import { ApiError, isSessionEnd } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useAddFeePlan, useFeePlans } from './fee-plans-api';

const shekels = new Intl.NumberFormat('he-IL', {
  style: 'currency',
  currency: 'ILS',
  maximumFractionDigits: 2,
});
const agorotText = (value: number) => shekels.format(value / 100);
const bpText = (value: number) => `${Number((value / 100).toFixed(2))}%`;

/** Typed percent or ₪ text in the API's units (basis points, agorot); not a number stays NaN for the server to refuse. */
const hundredths = (text: string) => (text.trim() === '' ? Number.NaN : Math.round(Number(text) * 100));

function PlanSummary({ plan }: { plan: FeePlan }) {
  return (
    <ul className="list-inside list-disc">
      <li>{t.royalty(bpText(plan.royaltyBp))}</li>
      <li>{plan.royaltyCapAgorot === null ? t.noCap : t.cap(agorotText(plan.royaltyCapAgorot))}</li>
      {plan.monthlyFeeAgorot > 0 && <li>{t.monthlyFee(agorotText(plan.monthlyFeeAgorot))}</li>}
      {plan.split.kind === 'fixed' ? (
        <li>{t.fixed(bpText(plan.split.agentBp))}</li>
      ) : (
        plan.split.tiers.map((tier) => (
          <li key={tier.fromAgorot}>{t.tier(agorotText(tier.fromAgorot), bpText(tier.agentBp))}</li>
        ))
      )}
    </ul>
  );
}

type Tier = { from: string; percent: string };
type Draft = {
  effectiveFrom: string;
  royalty: string;
  cap: string;
  monthly: string;
  kind: 'fixed' | 'tiers';
  agent: string;
  tiers: Tier[];
};

const draftOf = (plan: FeePlan | undefined): Draft => ({
  effectiveFrom: israelDate(),
  royalty: plan ? String(plan.royaltyBp / 100) : '',
  cap: plan?.royaltyCapAgorot != null ? String(plan.royaltyCapAgorot / 100) : '',
  monthly: plan ? String(plan.monthlyFeeAgorot / 100) : '0',
  kind: plan?.split.kind ?? 'fixed',
  agent: plan?.split.kind === 'fixed' ? String(plan.split.agentBp / 100) : '',
  tiers:
    plan?.split.kind === 'tiers'
      ? plan.split.tiers.map((tier) => ({
          from: String(tier.fromAgorot / 100),
          percent: String(tier.agentBp / 100),
        }))
      : [{ from: '0', percent: '' }],
});

const bodyOf = (d: Draft): CreateFeePlanBody => ({
  effectiveFrom: d.effectiveFrom,
  royaltyBp: hundredths(d.royalty),
  royaltyCapAgorot: d.cap.trim() === '' ? null : hundredths(d.cap),
  monthlyFeeAgorot: d.monthly.trim() === '' ? 0 : hundredths(d.monthly),
  split:
    d.kind === 'fixed'
      ? { kind: 'fixed', agentBp: hundredths(d.agent) }
      : {
          kind: 'tiers',
          tiers: d.tiers.map((tier) => ({
            fromAgorot: hundredths(tier.from),
            agentBp: hundredths(tier.percent),
          })),
        },
});

/** The server's field names, as the form shows them (a nested split error stays on the split). */
const fieldOf = (key: string) => (key.startsWith('split') ? 'split' : key);

function FeePlanForm({ branchId, plan, onDone }: { branchId: string; plan?: FeePlan; onDone: () => void }) {
  const titleId = useId();
  const add = useAddFeePlan(branchId);
  const [draft, setDraft] = useState<Draft>(() => draftOf(plan));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setTier = (i: number, patch: Partial<Tier>) =>
    setDraft((d) => ({ ...d, tiers: d.tiers.map((tier, j) => (j === i ? { ...tier, ...patch } : tier)) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(undefined);
    try {
      await add.mutateAsync(bodyOf(draft));
      toast.success(t.saved);
      onDone();
    } catch (err) {
      if (isSessionEnd(err)) return;
      const fields = err instanceof ApiError ? Object.entries(err.fieldErrors) : [];
      const next: Record<string, string> = {};
      for (const [key, message] of fields) next[fieldOf(key)] ??= message;
      setErrors(next);
      if (fields.length === 0) setFormError(err instanceof ApiError ? err.message : t.saveFailed);
    }
  };

  return (
    <form
      aria-labelledby={titleId}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-3 border-t border-slate-200 pt-3"
    >
      <h4 id={titleId} className="font-semibold text-brand-900">
        {t.formTitle}
      </h4>
      <p className="text-slate-700">{t.hint}</p>
      <FormField
        label={t.effectiveFrom}
        type="date"
        value={draft.effectiveFrom}
        error={errors.effectiveFrom}
        onChange={(e) => set({ effectiveFrom: e.target.value })}
      />
      <NumberField
        label={t.royaltyPercent}
        value={draft.royalty}
        error={errors.royaltyBp}
        max={100}
        onChange={(e) => set({ royalty: e.target.value })}
      />
      <NumberField
        label={t.capShekels}
        value={draft.cap}
        error={errors.royaltyCapAgorot}
        onChange={(e) => set({ cap: e.target.value })}
      />
      <NumberField
        label={t.monthlyShekels}
        value={draft.monthly}
        error={errors.monthlyFeeAgorot}
        onChange={(e) => set({ monthly: e.target.value })}
      />
      <SelectField
        label={t.splitKind}
        value={draft.kind}
        error={draft.kind === 'fixed' ? undefined : errors.split}
        options={[
          { value: 'fixed', label: t.splitFixed },
          { value: 'tiers', label: t.splitTiers },
        ]}
        onChange={(e) => set({ kind: e.target.value === 'tiers' ? 'tiers' : 'fixed' })}
      />
      {draft.kind === 'fixed' ? (
        <NumberField
          label={t.agentPercent}
          value={draft.agent}
          error={errors.split}
          max={100}
          onChange={(e) => set({ agent: e.target.value })}
        />
      ) : (
        <ol className="flex flex-col gap-2">
          {draft.tiers.map((tier, i) => (
            // Tiers are edited in place and removed by position: the index is their identity here.
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of a form, by position
            <li key={i} className="flex flex-wrap items-end gap-2">
              <NumberField
                label={t.tierFrom(i + 1)}
                value={tier.from}
                onChange={(e) => setTier(i, { from: e.target.value })}
              />
              <NumberField
                label={t.tierPercent(i + 1)}
                value={tier.percent}
                max={100}
                onChange={(e) => setTier(i, { percent: e.target.value })}
              />
              {draft.tiers.length > 1 && (
                <Button
                  variant="secondary"
                  aria-label={t.removeTier(i + 1)}
                  onClick={() => set({ tiers: draft.tiers.filter((_, j) => j !== i) })}
                >
                  <Trash2 aria-hidden="true" size={16} />
                </Button>
              )}
            </li>
          ))}
          <li>
            <Button
              variant="secondary"
              onClick={() => set({ tiers: [...draft.tiers, { from: '', percent: '' }] })}
            >
              <Plus aria-hidden="true" size={16} />
              {t.addTier}
            </Button>
          </li>
        </ol>
      )}
      {formError && (
        <p role="alert" className="font-medium text-red-700">
          {formError}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? t.saving : t.save}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}

function FeePlans({ branchId, manage }: { branchId: string; manage: boolean }) {
  const query = useFeePlans(branchId);
  const [adding, setAdding] = useState(false);
  if (query.isPending) return <p className="text-slate-700">{t.loading}</p>;
  if (query.isError) return <p role="alert">{t.failed}</p>;
  const { feePlans, currentId } = query.data;
  const current = feePlans.find((p) => p._id === currentId);
  const upcoming = feePlans.filter((p) => p.effectiveFrom > israelDate()).reverse();
  return (
    <div className="flex flex-col gap-2">
      {!current && upcoming.length === 0 && <p className="text-slate-700">{t.none}</p>}
      {current && (
        <div>
          <p className="font-semibold">{t.current(formatDate(current.effectiveFrom))}</p>
          <PlanSummary plan={current} />
        </div>
      )}
      {upcoming.map((plan) => (
        <div key={plan._id}>
          <p className="font-semibold">{t.upcoming(formatDate(plan.effectiveFrom))}</p>
          <PlanSummary plan={plan} />
        </div>
      ))}
      {manage &&
        (adding ? (
          <FeePlanForm
            branchId={branchId}
            plan={upcoming.at(-1) ?? current}
            onDone={() => setAdding(false)}
          />
        ) : (
          <div>
            <Button variant="secondary" onClick={() => setAdding(true)}>
              {t.add}
            </Button>
          </div>
        ))}
    </div>
  );
}

/** A branch's fee plan on its card: opened on demand; network admins add a plan from a date. */
export function FeePlanSection({
  branchId,
  branchName,
  manage,
}: {
  branchId: string;
  branchName: string;
  manage: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className="text-sm">
      <Button
        variant="secondary"
        className="px-2 py-1 text-sm"
        aria-expanded={open}
        aria-label={t.showLabel(branchName)}
        onClick={() => setOpen((o) => !o)}
      >
        {t.show}
      </Button>
      {open && (
        <div className="mt-2">
          <FeePlans branchId={branchId} manage={manage} />
        </div>
      )}
    </div>
  );
}

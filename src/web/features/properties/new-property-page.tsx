import { Button } from '@web/components/button';
import { Page } from '@web/components/page';
import { he } from '@web/i18n/he';
import { ApiError } from '@web/lib/api-client';
import { AlertTriangle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { useCreateProperty } from './api';
import { emptyDraft, toFormData, type WizardDraft } from './wizard-draft';
import { WIZARD_STEPS } from './wizard-steps';

const t = he.properties.wizard;
const LAST = WIZARD_STEPS.length;

/** /NewProperty: the five-step creation wizard of SPEC section 2 (admin). */
export function NewPropertyPage() {
  const [step, setStep] = useState(1);
  const [draft, setDraft] = useState<WizardDraft>(emptyDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  const create = useCreateProperty();
  const set = <K extends keyof WizardDraft>(key: K, value: WizardDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step < LAST) return setStep(step + 1);
    if (!draft.typeTransaction) {
      setErrors({ typeTransaction: t.dealTypeRequired });
      toast.error(t.dealTypeRequired);
      setStep(1);
      return;
    }
    create.mutate(toFormData(draft), {
      onSuccess: () => {
        toast.success(t.created);
        setDraft(emptyDraft());
        setErrors({});
        setStep(1);
        setDone(true);
      },
      onError: (err) => {
        setErrors(err instanceof ApiError ? err.fieldErrors : {});
        toast.error(t.createError);
      },
    });
  };

  const Step = WIZARD_STEPS[step - 1]!;
  return (
    <Page title={he.properties.newTitle}>
      <nav aria-label={t.stepsLabel} className="mb-6">
        <ol className="flex flex-wrap gap-2">
          {t.steps.map((title, i) => (
            <li key={title}>
              <button
                type="button"
                aria-current={!done && step === i + 1 ? 'step' : undefined}
                onClick={() => {
                  setDone(false);
                  setStep(i + 1);
                }}
                className={`flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm ${!done && step === i + 1 ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
              >
                <span aria-hidden className="font-bold">
                  {i + 1}
                </span>
                <span>{title}</span>
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <p className="mb-6 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
        <AlertTriangle size={20} aria-hidden className="mt-0.5 shrink-0" /> {t.warning}
      </p>
      {done ? (
        <div
          role="status"
          className="flex flex-col items-center gap-4 rounded-2xl bg-green-50 p-8 text-center"
        >
          <p className="text-lg">{t.doneText}</p>
          <Button onClick={() => setDone(false)}>{t.createAnother}</Button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm">
          <h2 className="text-xl font-bold">{t.step(step, t.steps[step - 1]!)}</h2>
          <Step draft={draft} set={set} errors={errors} />
          <div className="mt-2 flex justify-between gap-3">
            <Button variant="secondary" onClick={() => setStep(step - 1)} disabled={step === 1}>
              {t.back}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {step < LAST ? t.next : create.isPending ? t.sending : t.complete}
            </Button>
          </div>
        </form>
      )}
    </Page>
  );
}

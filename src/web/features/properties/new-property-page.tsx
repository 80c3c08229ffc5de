import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@web/components/button';
import { Page } from '@web/components/page';
import { he } from '@web/i18n/he';
import { ApiError, isSessionEnd } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { AlertTriangle } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type FieldErrors, FormProvider, useForm } from 'react-hook-form';
import { useCreateProperty } from './api';
import { MatchingBuyersPanel } from './matching-buyers-panel';
import {
  emptyWizard,
  serverFieldErrors,
  stepOfField,
  toFormData,
  WIZARD_STEP_FIELDS,
  type WizardField,
  type WizardInput,
  type WizardOutput,
  wizardFieldsInOrder,
  wizardSchema,
} from './property-form';
import { WIZARD_STEPS } from './wizard-steps';

const t = he.properties.wizard;
const LAST = WIZARD_STEPS.length;
const ALL_FIELDS = WIZARD_STEP_FIELDS.flat();

/** /NewProperty: the five-step creation wizard of SPEC section 2 (admin). */
export function NewPropertyPage() {
  const [step, setStep] = useState(1);
  const [done, setDone] = useState(false);
  /** The property just created: its matching buyers show under the wizard. */
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const focusFirstError = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateProperty();
  const form = useForm<WizardInput, unknown, WizardOutput>({
    resolver: zodResolver(wizardSchema),
    defaultValues: emptyWizard(),
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const stepsWithErrors = new Set(
    wizardFieldsInOrder(Object.keys(errors)).map((name) => stepOfField(name) + 1),
  );

  /** Where the focus goes after the next render: a new step's heading, or the outcome once the wizard is done. */
  const focusNext = useRef<'heading' | 'done' | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  // After a refused completion the first invalid field takes the focus (on the step that holds it); after a move
  // to another step, that step's heading, so a keyboard or screen reader user starts reading the new step.
  useEffect(() => {
    if (focusFirstError.current) {
      // The errors may reach the form a render after the step changed (react-hook-form publishes them after
      // onInvalid): the flag waits for the first render that shows one, or for the user's next move.
      const field = formRef.current?.querySelector<HTMLElement>(
        '[aria-invalid="true"], fieldset[aria-describedby] input',
      );
      if (!field) return;
      focusFirstError.current = false;
      focusNext.current = null;
      field.focus();
      return;
    }
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'heading') headingRef.current?.focus();
    if (target === 'done') doneRef.current?.focus();
  });

  const goTo = (next: number) => {
    focusFirstError.current = false;
    setDone(false);
    setStep(next);
    focusNext.current = 'heading';
  };

  /** Marks the steps that hold errors (through formState) and opens the first, focusing its field. */
  const showErrors = (names: WizardField[]) => {
    const first = wizardFieldsInOrder(names)[0];
    if (first === undefined) return;
    setStep(stepOfField(first) + 1);
    focusFirstError.current = true;
  };

  const onInvalid = (invalid: FieldErrors<WizardInput>) => {
    const names = wizardFieldsInOrder(Object.keys(invalid));
    toast.error(invalid[names[0]!]?.message ?? t.createError);
    showErrors(names);
  };

  const onValid = (values: WizardOutput) =>
    create.mutate(toFormData(values), {
      onSuccess: (created) => {
        toast.success(t.created);
        setCreatedId(created._id);
        form.reset(emptyWizard());
        setOtherErrors([]);
        setStep(1);
        setDone(true);
        focusNext.current = 'done';
      },
      onError: (err) => {
        if (isSessionEnd(err)) return;
        if (!(err instanceof ApiError) || err.status >= 500) {
          toast.error(t.createError);
          return;
        }
        const { byField, other } = serverFieldErrors(err, ALL_FIELDS, 'images');
        for (const [name, message] of byField) form.setError(name, { message });
        setOtherErrors(other);
        toast.error(err.message || t.createError);
        showErrors([...byField.keys()]);
      },
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step < LAST) return goTo(step + 1);
    setOtherErrors([]);
    return form.handleSubmit(onValid, onInvalid)(event);
  };

  const Step = WIZARD_STEPS[step - 1]!;
  return (
    <Page title={he.properties.newTitle}>
      <nav aria-label={t.stepsLabel} className="mb-6">
        <ol className="flex flex-wrap gap-2">
          {t.steps.map((title, i) => {
            const current = !done && step === i + 1;
            const invalid = stepsWithErrors.has(i + 1);
            return (
              <li key={title}>
                <button
                  type="button"
                  aria-current={current ? 'step' : undefined}
                  onClick={() => goTo(i + 1)}
                  className={`flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm ${current ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'} ${invalid ? 'outline outline-2 outline-offset-1 outline-red-600' : ''}`}
                >
                  <span aria-hidden className="font-bold">
                    {invalid ? '!' : i + 1}
                  </span>
                  <span>{title}</span>
                  {invalid && <span className="sr-only">{t.stepHasErrors}</span>}
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
      <p className="mb-6 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
        <AlertTriangle size={20} aria-hidden className="mt-0.5 shrink-0" /> {t.warning}
      </p>
      {done ? (
        <div
          ref={doneRef}
          tabIndex={-1}
          role="status"
          className="flex flex-col items-center gap-4 rounded-2xl bg-green-50 p-8 text-center"
        >
          <p className="text-lg">{t.doneText}</p>
          <Button onClick={() => goTo(1)}>{t.createAnother}</Button>
        </div>
      ) : (
        <FormProvider {...form}>
          <form
            ref={formRef}
            onSubmit={submit}
            noValidate
            className="flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm"
          >
            <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold">
              {t.step(step, t.steps[step - 1]!)}
            </h2>
            <Step />
            {otherErrors.map((message) => (
              <p key={message} role="alert" className="text-sm text-red-700">
                {message}
              </p>
            ))}
            <div className="mt-2 flex justify-between gap-3">
              <Button variant="secondary" onClick={() => goTo(step - 1)} disabled={step === 1}>
                {t.back}
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {step < LAST ? t.next : create.isPending ? t.sending : t.complete}
              </Button>
            </div>
          </form>
        </FormProvider>
      )}
      {done && createdId && (
        <div className="mt-6">
          <MatchingBuyersPanel propertyId={createdId} />
        </div>
      )}
    </Page>
  );
}

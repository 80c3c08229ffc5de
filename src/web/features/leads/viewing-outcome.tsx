import type { Gender } from '@shared/domain/gender';
import { OUTCOME_MESSAGES, type ViewingOutcome } from '@shared/schemas/viewing-outcome';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@web/components/button';
import { FieldError } from '@web/components/field-shell';
import { FormField } from '@web/components/form-field';
import { viewingOutcomeTexts as t } from '@web/i18n/viewing-outcome';
import { ApiError, apiRequest } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { type FormEvent, useId, useState } from 'react';

const INTERESTS = [1, 2, 3, 4, 5] as const;
type Choice = 'tookPlace' | 'noShow';
type Props = {
  viewingId: string;
  outcome: ViewingOutcome | null;
  /** The visitor's grammatical gender when known; else the neutral forms. */
  visitorGender?: Gender | null;
  onSaved?: () => void;
};

/** What was recorded after the viewing. */
export function ViewingOutcomeResult({
  outcome,
  visitorGender,
}: {
  outcome: ViewingOutcome;
  visitorGender?: Gender | null;
}) {
  return (
    <div className="flex flex-col gap-1 rounded-lg bg-slate-50 p-2" data-testid="viewing-outcome-result">
      <p className="font-semibold">
        {outcome.tookPlace && outcome.interest
          ? t.result.tookPlace(outcome.interest)
          : t.result.noShow(visitorGender)}
      </p>
      {outcome.notes && <p className="text-sm text-slate-700">{outcome.notes}</p>}
    </div>
  );
}

/**
 * "How was the viewing?" after its slot ended: it took place (the visitor's interest 1-5 and a line of notes)
 * or the visitor did not come. Saving logs the tour on the lead; the result shows once saved.
 */
export function ViewingOutcomeForm({ viewingId, outcome, visitorGender, onSaved }: Props) {
  const ids = useId();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [interest, setInterest] = useState<number | null>(null);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<ViewingOutcome | null>(outcome);
  const save = useMutation({
    mutationFn: (body: object) =>
      apiRequest<{ data: { viewing: { outcome: ViewingOutcome | null } } }>(
        `/viewings/${encodeURIComponent(viewingId)}/outcome`,
        { method: 'POST', body },
      ),
    onSuccess: (r, body) => {
      setErrors({});
      setSaved(r.data.viewing.outcome);
      toast.success('tookPlace' in body && body.tookPlace ? t.saved : t.savedNoShow);
      onSaved?.();
    },
    onError: (err) => {
      if (!(err instanceof ApiError)) return void toast.error(t.failure);
      setErrors(err.fieldErrors);
      toast.error(err.message || t.failure);
    },
  });

  if (saved) return <ViewingOutcomeResult outcome={saved} visitorGender={visitorGender} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice === 'noShow') return save.mutate({ tookPlace: false });
    if (choice === 'tookPlace') {
      if (interest === null) return setErrors({ interest: OUTCOME_MESSAGES.interestRequired });
      return save.mutate({ tookPlace: true, interest, notes });
    }
    setErrors({ tookPlace: OUTCOME_MESSAGES.tookPlaceRequired });
  };
  const choiceError = errors.tookPlace;
  const interestError = errors.interest;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 rounded-lg bg-amber-50 p-3">
      <fieldset aria-describedby={choiceError ? `${ids}-choice-error` : undefined}>
        <legend className="mb-1 font-semibold text-brand-900">{t.question}</legend>
        <div className="flex flex-wrap gap-4">
          {(['tookPlace', 'noShow'] as const).map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`${ids}-took-place`}
                value={value}
                checked={choice === value}
                onChange={() => setChoice(value)}
                className="size-5 accent-brand-700"
              />
              {value === 'tookPlace' ? t.tookPlace : t.noShow(visitorGender)}
            </label>
          ))}
        </div>
        <FieldError id={`${ids}-choice-error`} error={choiceError} />
      </fieldset>
      {choice === 'tookPlace' && (
        <>
          <fieldset aria-describedby={interestError ? `${ids}-interest-error` : undefined}>
            <legend className="mb-1 font-medium">{t.interest}</legend>
            <div className="flex flex-col gap-1">
              {INTERESTS.map((n) => (
                <label key={n} className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name={`${ids}-interest`}
                    value={n}
                    checked={interest === n}
                    onChange={() => setInterest(n)}
                    className="size-5 accent-brand-700"
                  />
                  {t.interestLabel(n)}
                </label>
              ))}
            </div>
            <FieldError id={`${ids}-interest-error`} error={interestError} />
          </fieldset>
          <FormField
            label={t.notes}
            value={notes}
            maxLength={500}
            error={errors.notes}
            onChange={(e) => setNotes(e.target.value)}
          />
        </>
      )}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {t.save}
        </Button>
      </div>
    </form>
  );
}

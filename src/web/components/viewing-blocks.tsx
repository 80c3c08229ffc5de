import { formatDate, formatTime } from '@shared/domain/israel-time';
import { useMutation } from '@tanstack/react-query';
import { viewingBlocksTexts as t } from '@web/i18n/viewing-settings';
import { ApiError, apiRequest } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { type FormEvent, useId, useState } from 'react';
import { Button } from './button';
import { FormField } from './form-field';

export type ViewingBlock = { _id: string; startsAt: string; endsAt: string; note: string };

const when = (iso: string) => `${formatDate(new Date(iso))} ${formatTime(new Date(iso))}`;

type Props = {
  /** The heading (the agent's or the seller's blocked times). */
  title: string;
  blocks: ViewingBlock[];
  /** Where a new block is posted: /agents/{id}/viewing-blocks or /property/{id}/viewing-blocks. */
  addPath: string;
  /** Called after an add or a remove, to read the list again. */
  onChanged: () => unknown;
  headingLevel?: 'h2' | 'h3' | 'h4';
};

/**
 * Times no viewing may be booked in: the list (each with its remove button) and a form to add one. Times are
 * Israel wall-clock (datetime-local), as the API reads them.
 */
export function ViewingBlocks({ title, blocks, addPath, onChanged, headingLevel = 'h3' }: Props) {
  const titleId = useId();
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onError = (err: unknown) => {
    if (!(err instanceof ApiError)) return void toast.error(t.failure);
    setErrors(err.fieldErrors);
    toast.error(err.message || t.failure);
  };
  const add = useMutation({
    mutationFn: () => apiRequest(addPath, { method: 'POST', body: { startsAt, endsAt, note } }),
    onSuccess: async () => {
      setErrors({});
      setStartsAt('');
      setEndsAt('');
      setNote('');
      toast.success(t.added);
      await onChanged();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest(`/viewing-blocks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: async () => {
      toast.success(t.removed);
      await onChanged();
    },
    onError,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!startsAt) missing.startsAt = t.required;
    if (!endsAt) missing.endsAt = t.required;
    if (Object.keys(missing).length > 0) return setErrors(missing);
    add.mutate();
  };
  const Heading = headingLevel;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <Heading id={titleId} className="text-lg font-bold text-brand-900">
        {title}
      </Heading>
      {blocks.length === 0 ? (
        <p className="text-slate-600">{t.none}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {blocks.map((b) => (
            <li
              key={b._id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 p-2"
            >
              <span>
                {t.span(when(b.startsAt), when(b.endsAt))}
                {b.note && ` · ${b.note}`}
              </span>
              <Button
                type="button"
                variant="secondary"
                disabled={remove.isPending}
                aria-label={t.removeOne(when(b.startsAt))}
                onClick={() => remove.mutate(b._id)}
              >
                {t.remove}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <FormField
          label={t.from}
          type="datetime-local"
          value={startsAt}
          required
          error={errors.startsAt}
          onChange={(e) => setStartsAt(e.target.value)}
        />
        <FormField
          label={t.to}
          type="datetime-local"
          value={endsAt}
          required
          error={errors.endsAt}
          onChange={(e) => setEndsAt(e.target.value)}
        />
        <FormField
          label={t.note}
          value={note}
          maxLength={200}
          error={errors.note}
          onChange={(e) => setNote(e.target.value)}
          className="sm:col-span-2"
        />
        <div>
          <Button type="submit" disabled={add.isPending}>
            {t.add}
          </Button>
        </div>
      </form>
    </section>
  );
}

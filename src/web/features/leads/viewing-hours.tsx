import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/button';
import { CheckboxField } from '@web/components/checkbox-field';
import { FormField } from '@web/components/form-field';
import { viewingsStaff } from '@web/i18n/viewings-staff';
import { ApiError, apiRequest } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { type FormEvent, useEffect, useId, useState } from 'react';

const t = viewingsStaff.hours;
type Window = { weekday: number; from: string; to: string };
type Day = { open: boolean; from: string; to: string };

const CLOSED: Day = { open: false, from: '10:00', to: '18:00' };
/** Saturday's hours start after Shabbat ends. */
const SATURDAY_NIGHT: Day = { open: false, from: '20:00', to: '22:00' };
/** One window a day as the form shows it (a day with several keeps its first; the rest are kept as they are). */
const daysOf = (windows: Window[]): Day[] =>
  t.weekdays.map((_, weekday) => {
    const first = windows.find((w) => w.weekday === weekday);
    if (first) return { open: true, from: first.from, to: first.to };
    return weekday === 6 ? SATURDAY_NIGHT : CLOSED;
  });

const key = (agentId: string) => ['viewings', 'hours', agentId] as const;

/**
 * The hours an agent takes viewings in, day by day (the public booking offers slots inside them only, never on
 * Shabbat or a holiday): on /MyDay, saved at once for the whole week.
 */
export function ViewingHours({ agentId }: { agentId: string }) {
  const titleId = useId();
  const client = useQueryClient();
  const hours = useQuery({
    queryKey: key(agentId),
    queryFn: async () =>
      (
        await apiRequest<{ data: { windows: Window[] } }>(
          `/agents/${encodeURIComponent(agentId)}/viewing-availability`,
        )
      ).data.windows,
  });
  const [days, setDays] = useState<Day[]>(() => daysOf([]));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (hours.data) setDays(daysOf(hours.data));
  }, [hours.data]);
  const save = useMutation({
    mutationFn: (windows: Window[]) =>
      apiRequest(`/agents/${encodeURIComponent(agentId)}/viewing-availability`, {
        method: 'PUT',
        body: { windows },
      }),
    onSuccess: () => {
      setErrors({});
      toast.success(t.saved);
      return client.invalidateQueries({ queryKey: key(agentId) });
    },
    onError: (err) => {
      if (!(err instanceof ApiError)) return void toast.error(t.failure);
      setErrors(err.fieldErrors);
      toast.error(err.message || t.failure);
    },
  });
  const set = (weekday: number, change: Partial<Day>) =>
    setDays((all) => all.map((d, i) => (i === weekday ? { ...d, ...change } : d)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const windows = days.flatMap((d, weekday) => (d.open ? [{ weekday, from: d.from, to: d.to }] : []));
    // Later windows of a day the form shows one of stay as they were.
    const others = (hours.data ?? []).filter(
      (w, i, all) => days[w.weekday]?.open && all.findIndex((x) => x.weekday === w.weekday) !== i,
    );
    save.mutate([...windows, ...others]);
  };
  /** The server's message of a window's field, by the window's place in the list sent. */
  const errorOf = (weekday: number, field: 'from' | 'to') => {
    const index = days.filter((d, i) => d.open && i < weekday).length;
    return errors[`windows.${index}.${field}`];
  };
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm">
      <h2 id={titleId} className="text-xl font-bold text-brand-900">
        {t.title}
      </h2>
      <p className="text-sm text-slate-700">{t.hint}</p>
      {hours.isError ? (
        <p role="alert">{t.loadFailure}</p>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-3">
          {days.map((day, weekday) => (
            <fieldset
              // biome-ignore lint/suspicious/noArrayIndexKey: the seven weekdays, in order
              key={weekday}
              className="grid grid-cols-1 items-end gap-2 border-t border-slate-100 pt-2 sm:grid-cols-[8rem_1fr_1fr]"
            >
              <legend className="sr-only">{t.weekdays[weekday]}</legend>
              <CheckboxField
                label={t.weekdays[weekday]!}
                checked={day.open}
                onChange={(e) => set(weekday, { open: e.target.checked })}
              />
              {day.open && (
                <>
                  <FormField
                    label={t.from(t.weekdays[weekday]!)}
                    type="time"
                    value={day.from}
                    error={errorOf(weekday, 'from')}
                    onChange={(e) => set(weekday, { from: e.target.value })}
                  />
                  <FormField
                    label={t.to(t.weekdays[weekday]!)}
                    type="time"
                    value={day.to}
                    error={errorOf(weekday, 'to')}
                    onChange={(e) => set(weekday, { to: e.target.value })}
                  />
                </>
              )}
            </fieldset>
          ))}
          <div>
            <Button type="submit" disabled={save.isPending || hours.isPending}>
              {t.save}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

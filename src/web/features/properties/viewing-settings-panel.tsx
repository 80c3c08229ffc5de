import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/button';
import { FieldError } from '@web/components/field-shell';
import { NumberField } from '@web/components/number-field';
import { type ViewingBlock, ViewingBlocks } from '@web/components/viewing-blocks';
import { viewingSettingsTexts as t, viewingBlocksTexts } from '@web/i18n/viewing-settings';
import { ApiError, apiRequest } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { type FormEvent, useEffect, useId, useState } from 'react';

type Mode = 'request' | 'instant';
type Settings = { bookingMode: Mode; capacity: number; slotMinutes: number; blocks: ViewingBlock[] };

const key = (propertyId: string) => ['viewings', 'settings', propertyId] as const;
const path = (propertyId: string) => `/property/${encodeURIComponent(propertyId)}/viewing-settings`;

/**
 * "ביקורים" on the property's edit card: how a visitor books (on request or instant), how many visitors a slot
 * takes (an open house above one), the slot's length, and the seller's blocked times. Saved on its own, apart
 * from the property's form.
 */
export function ViewingSettingsPanel({ propertyId }: { propertyId: string }) {
  const titleId = useId();
  const modeErrorId = useId();
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: key(propertyId),
    queryFn: async () => (await apiRequest<{ data: Settings }>(path(propertyId))).data,
  });
  const [mode, setMode] = useState<Mode>('request');
  const [capacity, setCapacity] = useState('1');
  const [slotMinutes, setSlotMinutes] = useState('30');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!settings.data) return;
    setMode(settings.data.bookingMode);
    setCapacity(String(settings.data.capacity));
    setSlotMinutes(String(settings.data.slotMinutes));
  }, [settings.data]);
  const reload = () => client.invalidateQueries({ queryKey: key(propertyId) });
  const save = useMutation({
    mutationFn: () =>
      apiRequest(path(propertyId), {
        method: 'PUT',
        body: { bookingMode: mode, capacity: Number(capacity), slotMinutes: Number(slotMinutes) },
      }),
    onSuccess: async () => {
      setErrors({});
      toast.success(t.saved);
      await reload();
    },
    onError: (err) => {
      if (!(err instanceof ApiError)) return void toast.error(t.failure);
      setErrors(err.fieldErrors);
      toast.error(err.message || t.failure);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl border border-brand-300 bg-white p-4"
      data-testid="viewing-settings"
    >
      <h3 id={titleId} className="text-xl font-bold text-brand-900">
        {t.title}
      </h3>
      {settings.isError ? (
        <p role="alert">{t.loadFailure}</p>
      ) : (
        <>
          <form noValidate onSubmit={submit} className="flex flex-col gap-3">
            <fieldset aria-describedby={errors.bookingMode ? modeErrorId : undefined}>
              <legend className="mb-1 font-medium">{t.mode}</legend>
              {(['request', 'instant'] as const).map((value) => (
                <label key={value} className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name={`${titleId}-mode`}
                    value={value}
                    checked={mode === value}
                    onChange={() => setMode(value)}
                    className="size-5 accent-brand-700"
                  />
                  {t[value]}
                </label>
              ))}
              <FieldError id={modeErrorId} error={errors.bookingMode} />
            </fieldset>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              <NumberField
                integer
                min={1}
                max={50}
                label={t.capacity}
                value={capacity}
                error={errors.capacity}
                onChange={(e) => setCapacity(e.target.value)}
              />
              <NumberField
                integer
                min={10}
                max={240}
                step={5}
                label={t.slotMinutes}
                value={slotMinutes}
                error={errors.slotMinutes}
                onChange={(e) => setSlotMinutes(e.target.value)}
              />
            </div>
            <div>
              <Button type="submit" disabled={save.isPending || settings.isPending}>
                {t.save}
              </Button>
            </div>
          </form>
          <ViewingBlocks
            title={viewingBlocksTexts.sellerTitle}
            headingLevel="h4"
            blocks={settings.data?.blocks ?? []}
            addPath={`/property/${encodeURIComponent(propertyId)}/viewing-blocks`}
            onChanged={reload}
          />
        </>
      )}
    </section>
  );
}

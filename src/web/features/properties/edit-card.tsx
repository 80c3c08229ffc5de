import {
  ENTRY_DATE_OPTIONS,
  EXTRA_CREATION_FEATURES,
  PROPERTY_CATEGORIES,
  PROPERTY_CONDITIONS,
  PROPERTY_FEATURES,
  TRANSACTION_TYPES,
} from '@shared/domain/property-options';
import type { Property } from '@shared/schemas/property';
import { Button } from '@web/components/button';
import { FormField } from '@web/components/form-field';
import { he } from '@web/i18n/he';
import { ApiError } from '@web/lib/api-client';
import { useAgentUsers } from '@web/lib/users';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { useUpdateProperty } from './api';
import { type Draft, draftOf, num } from './edit-draft';
import { CheckboxField, SelectField, TextAreaField } from './fields';
import { ImagesPanel } from './images-panel';

const f = he.properties.fields;
const e = he.properties.edit;
const ALL_FEATURES = [...PROPERTY_FEATURES, ...EXTRA_CREATION_FEATURES];

/** Inline edit mode of a card: every field, PATCH on save, cancel drops the draft. Never navigates. */
export function EditCard({ property, onDone }: { property: Property; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(property));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateProperty();
  const agents = useAgentUsers().data ?? [];
  const titleId = useId();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const save = (event: FormEvent) => {
    event.preventDefault();
    // mutateAsync, not mutate's callbacks: a saved card may move to the other list (sold, type switch)
    // and unmount before the refetch ends, and the edit mode must still close.
    update
      .mutateAsync({
        id: property._id,
        body: { ...draft, yad2: draft.yad2 || null, price: Number(draft.price) },
      })
      .then(
        () => {
          toast.success(e.updated);
          onDone();
        },
        (err: unknown) => {
          setErrors(err instanceof ApiError ? err.fieldErrors : {});
          toast.error(e.updateError);
        },
      );
  };

  const agentOptions = [
    { value: '', label: f.noAgent },
    ...agents.map((a) => ({ value: a._id, label: a.name })),
  ];
  return (
    <form
      onSubmit={save}
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl border-2 border-accent-500 bg-white p-4 shadow-md"
    >
      <h3 id={titleId} className="font-semibold">
        {e.title(property.address)}
      </h3>
      <SelectField
        label={f.typeTransaction}
        value={draft.typeTransaction}
        onChange={(v) => set('typeTransaction', v as Draft['typeTransaction'])}
        options={Object.values(TRANSACTION_TYPES)}
      />
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        <CheckboxField label={e.sold} checked={draft.sold} onChange={(v) => set('sold', v)} />
        <CheckboxField
          label={f.pinuy_binuy}
          checked={draft.pinuy_binuy}
          onChange={(v) => set('pinuy_binuy', v)}
        />
        <CheckboxField label={f.exclusive} checked={draft.exclusive} onChange={(v) => set('exclusive', v)} />
      </div>
      <FormField
        label={f.city}
        value={draft.city}
        onChange={(ev) => set('city', ev.target.value)}
        error={errors.city}
        required
      />
      <FormField
        label={f.address}
        value={draft.address}
        onChange={(ev) => set('address', ev.target.value)}
        error={errors.address}
        required
      />
      <FormField
        label={f.price}
        type="number"
        min={0}
        value={draft.price}
        onChange={(ev) => set('price', Number(ev.target.value))}
        error={errors.price}
        required
      />
      <SelectField
        label={f.category}
        value={draft.category}
        onChange={(v) => set('category', v as Draft['category'])}
        options={PROPERTY_CATEGORIES}
      />
      <div className="grid grid-cols-3 gap-2">
        <FormField
          label={f.rooms}
          type="number"
          min={0}
          step={0.5}
          value={draft.rooms ?? ''}
          onChange={(ev) => set('rooms', num(ev.target.value))}
          error={errors.rooms}
        />
        <FormField
          label={f.floor}
          value={draft.floor ?? ''}
          onChange={(ev) => set('floor', ev.target.value)}
        />
        <FormField
          label={f.size}
          type="number"
          min={0}
          value={draft.size ?? ''}
          onChange={(ev) => set('size', num(ev.target.value))}
          error={errors.size}
        />
      </div>
      <SelectField
        label={f.entryDate}
        value={draft.entryDate ?? ''}
        onChange={(v) => set('entryDate', v)}
        options={['', ...ENTRY_DATE_OPTIONS]}
      />
      <SelectField
        label={f.propertyCondition}
        value={draft.propertyCondition ?? ''}
        onChange={(v) => set('propertyCondition', v)}
        options={['', ...PROPERTY_CONDITIONS]}
      />
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
        <legend className="text-sm font-medium text-slate-700">{f.features}</legend>
        {ALL_FEATURES.map((feature) => (
          <CheckboxField
            key={feature}
            label={feature}
            checked={draft.features.includes(feature)}
            onChange={(on) =>
              set('features', on ? [...draft.features, feature] : draft.features.filter((x) => x !== feature))
            }
          />
        ))}
      </fieldset>
      <TextAreaField
        label={f.description}
        value={draft.description}
        onChange={(v) => set('description', v)}
      />
      <FormField
        label={f.yad2}
        type="url"
        dir="ltr"
        value={draft.yad2 ?? ''}
        onChange={(ev) => set('yad2', ev.target.value)}
        error={errors.yad2}
      />
      <SelectField
        label={f.agent}
        value={draft.agent ?? ''}
        onChange={(v) => set('agent', v || null)}
        options={agentOptions}
      />
      <SelectField
        label={f.agentSecend}
        value={draft.agentSecend ?? ''}
        onChange={(v) => set('agentSecend', v || null)}
        options={agentOptions}
      />
      {/* Photos change at once through their own endpoints, independent of this form's save. */}
      <ImagesPanel property={property} heading="h4" />
      <div className="flex gap-2">
        <Button type="submit" disabled={update.isPending} className="flex-1">
          {update.isPending ? e.saving : e.save}
        </Button>
        <Button variant="secondary" onClick={onDone} className="flex-1">
          {e.cancel}
        </Button>
      </div>
    </form>
  );
}

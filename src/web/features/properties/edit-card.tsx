import { zodResolver } from '@hookform/resolvers/zod';
import {
  ENTRY_DATE_OPTIONS,
  PROPERTY_CATEGORIES,
  PROPERTY_CONDITIONS,
  TRANSACTION_TYPES,
} from '@shared/domain/property-options';
import type { Property } from '@shared/schemas/property';
import { Button } from '@web/components/button';
import { CheckboxField } from '@web/components/checkbox-field';
import { FormField } from '@web/components/form-field';
import { NumberField } from '@web/components/number-field';
import { PriceFormField } from '@web/components/price-input';
import { SelectField } from '@web/components/select-field';
import { TextAreaField } from '@web/components/text-area-field';
import { he } from '@web/i18n/he';
import { ApiError, isSessionEnd } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useAgentUsers } from '@web/lib/users';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { usePropertyAgents, useUpdateProperty } from './api';
import { FeaturesField } from './features-field';
import { ImagesPanel } from './images-panel';
import { NetworkShareSwitch } from './network-share';
import {
  formValuesOf,
  type PropertyField,
  type PropertyFormInput,
  type PropertyFormOutput,
  propertyFormSchema,
  serverFieldErrors,
} from './property-form';
import { ViewingSettingsPanel } from './viewing-settings-panel';

const f = he.properties.fields;
const e = he.properties.edit;
/** The card's fields in the order it shows them: the first one with an error takes the focus. */
const FIELD_ORDER: readonly PropertyField[] = [
  'typeTransaction',
  'sold',
  'pinuy_binuy',
  'exclusive',
  'city',
  'address',
  'price',
  'category',
  'rooms',
  'floor',
  'buildingFloors',
  'size',
  'neighbourhood',
  'entryDate',
  'propertyCondition',
  'features',
  'description',
  'yad2',
  'agent',
  'agentSecend',
];

/**
 * Inline edit mode of a card: every field, PATCH on save, cancel (or Escape) drops the changes. Never navigates.
 * Opening it moves the focus to its heading, so a keyboard or screen reader user lands in the form.
 */
export function EditCard({ property, onDone }: { property: Property; onDone: () => void }) {
  const update = useUpdateProperty();
  const agents = useAgentUsers().data ?? [];
  // The listing's agents as its managers see them: the property's public answer leaves out an agent the site
  // does not show (decision 0057), and saving without them would take the listing from them.
  const held = usePropertyAgents(property._id);
  const holders = held.data && 'agent' in held.data ? held.data : undefined;
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    resetField,
    getFieldState,
    formState: { errors },
  } = useForm<PropertyFormInput, unknown, PropertyFormOutput>({
    resolver: zodResolver(propertyFormSchema),
    defaultValues: formValuesOf(property),
  });
  const error = (name: PropertyField) => errors[name]?.message;
  useEffect(() => {
    if (!holders) return;
    for (const name of ['agent', 'agentSecend'] as const)
      if (!getFieldState(name).isDirty) resetField(name, { defaultValue: holders[name]?._id ?? '' });
  }, [holders, getFieldState, resetField]);

  // mutateAsync, not mutate's callbacks: a saved card may move to the other list (sold, type switch)
  // and unmount before the refetch ends, and the edit mode must still close.
  const save = handleSubmit(async (body) => {
    setOtherErrors([]);
    try {
      await update.mutateAsync({ id: property._id, body });
    } catch (err) {
      if (isSessionEnd(err)) return;
      if (err instanceof ApiError && err.status < 500) {
        const { byField, other } = serverFieldErrors(err, FIELD_ORDER);
        const first = FIELD_ORDER.find((name) => byField.has(name));
        for (const [name, message] of byField) setError(name, { message }, { shouldFocus: name === first });
        setOtherErrors(other);
      }
      toast.error(e.updateError);
      return;
    }
    toast.success(e.updated);
    onDone();
  });

  // The property's own agents stay choosable (and shown) even when they no longer work as agents.
  const assigned = [holders?.agent ?? property.agent, holders?.agentSecend ?? property.agentSecend].filter(
    (a, i, all): a is NonNullable<typeof a> =>
      a !== null && !agents.some((x) => x._id === a._id) && all.findIndex((x) => x?._id === a._id) === i,
  );
  const agentOptions = [
    { value: '', label: f.noAgent },
    ...[...agents, ...assigned].map((a) => ({ value: a._id, label: a.name })),
  ];
  // Escape inside a dialog of the form (a photo's removal) belongs to that dialog, not to the edit mode.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (event.target instanceof Element && event.target.closest('dialog')) return;
    event.preventDefault();
    onDone();
  };
  return (
    <div className="flex flex-col gap-3">
      <form
        onSubmit={save}
        onKeyDown={onKeyDown}
        noValidate
        aria-labelledby={titleId}
        className="flex flex-col gap-3 rounded-2xl border-2 border-accent-500 bg-white p-4 shadow-md"
      >
        <h3 id={titleId} ref={headingRef} tabIndex={-1} className="font-semibold">
          {e.title(property.address)}
        </h3>
        <SelectField
          label={f.typeTransaction}
          options={Object.values(TRANSACTION_TYPES)}
          error={error('typeTransaction')}
          {...register('typeTransaction')}
        />
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          <CheckboxField label={e.sold} {...register('sold')} />
          <CheckboxField label={f.pinuy_binuy} {...register('pinuy_binuy')} />
          <CheckboxField label={f.exclusive} {...register('exclusive')} />
        </div>
        <FormField label={f.city} required error={error('city')} {...register('city')} />
        <FormField label={f.address} required error={error('address')} {...register('address')} />
        <PriceFormField label={f.price} required error={error('price')} {...register('price')} />
        <SelectField
          label={f.category}
          options={PROPERTY_CATEGORIES}
          error={error('category')}
          {...register('category')}
        />
        <div className="grid grid-cols-3 gap-2">
          <NumberField label={f.rooms} step={0.5} error={error('rooms')} {...register('rooms')} />
          <FormField label={f.floor} error={error('floor')} {...register('floor')} />
          <NumberField label={f.size} error={error('size')} {...register('size')} />
        </div>
        <div className="grid grid-cols-2 gap-2">
          <NumberField
            label={f.buildingFloors}
            integer
            min={1}
            error={error('buildingFloors')}
            {...register('buildingFloors')}
          />
          <FormField label={f.neighbourhood} error={error('neighbourhood')} {...register('neighbourhood')} />
        </div>
        <SelectField
          label={f.entryDate}
          options={['', ...ENTRY_DATE_OPTIONS]}
          error={error('entryDate')}
          {...register('entryDate')}
        />
        <SelectField
          label={f.propertyCondition}
          options={['', ...PROPERTY_CONDITIONS]}
          error={error('propertyCondition')}
          {...register('propertyCondition')}
        />
        <FeaturesField control={control} />
        <TextAreaField
          label={f.description}
          rows={3}
          error={error('description')}
          {...register('description')}
        />
        <FormField label={f.yad2} type="url" dir="ltr" error={error('yad2')} {...register('yad2')} />
        {/* Controlled: the agent list may arrive after the form, and the select must then show the saved agent. */}
        {(['agent', 'agentSecend'] as const).map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field, fieldState }) => (
              <SelectField
                label={f[name]}
                options={agentOptions}
                error={fieldState.error?.message}
                {...field}
              />
            )}
          />
        ))}
        {otherErrors.map((message) => (
          <p key={message} role="alert" className="text-sm text-red-700">
            {message}
          </p>
        ))}
        {/* Photos change at once through their own endpoints, independent of this form's save. */}
        <ImagesPanel property={property} heading="h4" />
        <div className="flex gap-2">
          <Button type="submit" disabled={update.isPending || held.isPending} className="flex-1">
            {update.isPending ? e.saving : e.save}
          </Button>
          <Button variant="secondary" onClick={onDone} className="flex-1">
            {e.cancel}
          </Button>
        </div>
      </form>
      {/* Viewings are saved through their own endpoints, apart from this form (docs/viewings.md). */}
      <ViewingSettingsPanel propertyId={property._id} />
      {/* Sharing with the network is saved at once through its own endpoint (decision 0052). */}
      <NetworkShareSwitch propertyId={property._id} />
    </div>
  );
}

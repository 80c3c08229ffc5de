import { ALL_FEATURES, PROPERTY_CATEGORIES } from '@shared/domain/property-options';
import { SEARCH_PRICE_MAX, SEARCH_ROOMS } from '@shared/domain/search-limits';
import type { SavedSearch, SavedSearchFiltersInput } from '@shared/schemas/alerts';
import { Button } from '@web/components/button';
import { CheckboxGroup } from '@web/components/checkbox-field';
import { FormField } from '@web/components/form-field';
import { SelectField } from '@web/components/select-field';
import { alerts } from '@web/i18n/alerts';
import { ApiError } from '@web/lib/api-client';
import { lazyResolver } from '@web/lib/lazy-resolver';
import { Controller, useForm } from 'react-hook-form';

const t = alerts.myAlerts;
const validation = lazyResolver(() => import('./search-edit-resolver').then((m) => m.searchEditResolver));

/** The form keeps numbers as typed text; an empty end is the slider's end (no bound). */
export type SearchEditFields = {
  type: 'sale' | 'rent';
  city: string;
  street: string;
  category: string;
  minRooms: string;
  maxRooms: string;
  minPrice: string;
  maxPrice: string;
  features: string[];
};

const endText = (value: number, unbounded: number) => (value === unbounded ? '' : String(value));

function fieldsOf(search: SavedSearch): SearchEditFields {
  const f = search.filters;
  return {
    type: f.type,
    city: f.city,
    street: f.street,
    category: f.category,
    minRooms: endText(f.minRooms, SEARCH_ROOMS.min),
    maxRooms: endText(f.maxRooms, SEARCH_ROOMS.max),
    minPrice: endText(f.minPrice, 0),
    maxPrice: endText(f.maxPrice, SEARCH_PRICE_MAX[f.type]),
    features: f.features,
  };
}

const numberOrNone = (text: string) => (text.trim() === '' ? undefined : Number(text.replaceAll(',', '')));

export function filtersOf(values: SearchEditFields): SavedSearchFiltersInput {
  return {
    type: values.type,
    city: values.city,
    street: values.street,
    category: values.category as SavedSearchFiltersInput['category'],
    minRooms: numberOrNone(values.minRooms),
    maxRooms: numberOrNone(values.maxRooms),
    minPrice: numberOrNone(values.minPrice),
    maxPrice: numberOrNone(values.maxPrice),
    features: values.features as SavedSearchFiltersInput['features'],
  };
}

/** Editing a saved search from the private link: the same filters as /Sale and /Rent, checked by the server's schema. */
export function SearchEditForm({
  search,
  busy,
  onSave,
  onCancel,
}: {
  search: SavedSearch;
  busy: boolean;
  onSave: (filters: SavedSearchFiltersInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SearchEditFields>({ resolver: validation.resolver, defaultValues: fieldsOf(search) });
  const onSubmit = handleSubmit((values) =>
    onSave(filtersOf(values)).catch((err: unknown) => {
      if (!(err instanceof ApiError)) return;
      for (const [field, message] of Object.entries(err.fieldErrors)) {
        const name = field.replace(/^filters\./, '') as keyof SearchEditFields;
        if (name in values) setError(name, { message });
      }
    }),
  );
  return (
    <form
      onSubmit={onSubmit}
      onFocus={validation.preload}
      noValidate
      aria-label={t.editTitle}
      className="mt-3 flex flex-col gap-3 rounded-xl bg-slate-50 p-4"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t.typeLabel}
          options={[
            { value: 'sale', label: t.types.sale },
            { value: 'rent', label: t.types.rent },
          ]}
          error={errors.type?.message}
          {...register('type')}
        />
        <FormField label={t.city} error={errors.city?.message} {...register('city')} />
        <SelectField
          label={t.category}
          options={[{ value: '', label: t.anyCategory }, ...PROPERTY_CATEGORIES]}
          error={errors.category?.message}
          {...register('category')}
        />
        <div className="hidden sm:block" />
        <FormField
          label={t.minRooms}
          inputMode="decimal"
          error={errors.minRooms?.message}
          {...register('minRooms')}
        />
        <FormField
          label={t.maxRooms}
          inputMode="decimal"
          error={errors.maxRooms?.message}
          {...register('maxRooms')}
        />
        <FormField
          label={t.minPrice}
          inputMode="numeric"
          dir="ltr"
          error={errors.minPrice?.message}
          {...register('minPrice')}
        />
        <FormField
          label={t.maxPrice}
          inputMode="numeric"
          dir="ltr"
          error={errors.maxPrice?.message}
          {...register('maxPrice')}
        />
      </div>
      <Controller
        control={control}
        name="features"
        render={({ field, fieldState }) => (
          <CheckboxGroup
            legend={t.features}
            options={ALL_FEATURES}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <div className="flex gap-3">
        <Button type="submit" disabled={busy}>
          {t.save}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {alerts.subscribe.cancel}
        </Button>
      </div>
    </form>
  );
}

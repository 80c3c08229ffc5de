import { EXTRA_CREATION_FEATURES, PROPERTY_FEATURES } from '@shared/domain/property-options';
import { CheckboxGroup } from '@web/components/checkbox-field';
import { he } from '@web/i18n/he';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

const ALL_FEATURES = [...PROPERTY_FEATURES, ...EXTRA_CREATION_FEATURES];

/** The property's features as a group of checkboxes, for any property form with a `features` list. */
export function FeaturesField<T extends FieldValues & { features: string[] }, C, R extends FieldValues>({
  control,
}: {
  control: Control<T, C, R>;
}) {
  const { field, fieldState } = useController<T, Path<T>, R>({ control, name: 'features' as Path<T> });
  return (
    <CheckboxGroup
      ref={field.ref}
      legend={he.properties.fields.features}
      options={ALL_FEATURES}
      value={field.value}
      onChange={field.onChange}
      error={fieldState.error?.message}
    />
  );
}

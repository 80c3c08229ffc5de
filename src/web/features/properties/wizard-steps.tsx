import {
  ENTRY_DATE_OPTIONS,
  PROPERTY_CATEGORIES,
  PROPERTY_CONDITIONS,
  TRANSACTION_TYPES,
} from '@shared/domain/property-options';
import { CheckboxField } from '@web/components/checkbox-field';
import { FormField } from '@web/components/form-field';
import { NumberField } from '@web/components/number-field';
import { PriceFormField } from '@web/components/price-input';
import { SelectField } from '@web/components/select-field';
import { TextAreaField } from '@web/components/text-area-field';
import { he } from '@web/i18n/he';
import { useAgentUsers } from '@web/lib/users';
import { Controller, useFormContext } from 'react-hook-form';
import { FeaturesField } from './features-field';
import { ImagePicker } from './image-picker';
import type { WizardInput } from './property-form';

const f = he.properties.fields;
const blank = (label: string) => [{ value: '', label }];

/** The wizard form's register and its errors, for one step's controls. */
function useWizardForm() {
  const form = useFormContext<WizardInput>();
  const error = (name: keyof WizardInput) => form.formState.errors[name]?.message;
  return { ...form, error };
}

function DealStep() {
  const { register, error } = useWizardForm();
  const agents = useAgentUsers().data ?? [];
  const agentOptions = [...blank(f.noAgent), ...agents.map((a) => ({ value: a._id, label: a.name }))];
  return (
    <>
      <SelectField
        label={f.typeTransaction}
        options={[...blank(f.choose), ...Object.values(TRANSACTION_TYPES)]}
        required
        error={error('typeTransaction')}
        {...register('typeTransaction')}
      />
      <FormField label={f.city} required error={error('city')} {...register('city')} />
      <FormField label={f.neighbourhood} error={error('neighbourhood')} {...register('neighbourhood')} />
      <FormField label={f.address} required error={error('address')} {...register('address')} />
      <SelectField label={f.agent} options={agentOptions} error={error('agent')} {...register('agent')} />
      <SelectField
        label={f.agentSecend}
        options={agentOptions}
        error={error('agentSecend')}
        {...register('agentSecend')}
      />
    </>
  );
}

function KindStep() {
  const { register, error } = useWizardForm();
  return (
    <>
      <CheckboxField label={f.pinuy_binuy} {...register('pinuy_binuy')} />
      <SelectField
        label={f.category}
        options={[...blank(f.choose), ...PROPERTY_CATEGORIES]}
        required
        error={error('category')}
        {...register('category')}
      />
    </>
  );
}

function SizeStep() {
  const { register, error } = useWizardForm();
  return (
    <>
      <NumberField label={f.rooms} step={0.5} error={error('rooms')} {...register('rooms')} />
      <FormField label={f.floor} error={error('floor')} {...register('floor')} />
      <NumberField
        label={f.buildingFloors}
        integer
        min={1}
        error={error('buildingFloors')}
        {...register('buildingFloors')}
      />
      <NumberField label={f.size} error={error('size')} {...register('size')} />
    </>
  );
}

function EntryStep() {
  const { register, control, error } = useWizardForm();
  return (
    <>
      <SelectField
        label={f.entryDate}
        options={[...blank(f.choose), ...ENTRY_DATE_OPTIONS]}
        error={error('entryDate')}
        {...register('entryDate')}
      />
      <SelectField
        label={f.propertyCondition}
        options={[...blank(f.choose), ...PROPERTY_CONDITIONS]}
        error={error('propertyCondition')}
        {...register('propertyCondition')}
      />
      <FeaturesField control={control} />
    </>
  );
}

function PriceStep() {
  const { register, control, error } = useWizardForm();
  return (
    <>
      <TextAreaField label={f.description} error={error('description')} {...register('description')} />
      <PriceFormField label={f.price} required error={error('price')} {...register('price')} />
      <FormField label={f.yad2} type="url" dir="ltr" error={error('yad2')} {...register('yad2')} />
      <Controller
        control={control}
        name="images"
        render={({ field, fieldState }) => (
          <ImagePicker files={field.value} onChange={field.onChange} error={fieldState.error?.message} />
        )}
      />
    </>
  );
}

export const WIZARD_STEPS = [DealStep, KindStep, SizeStep, EntryStep, PriceStep];

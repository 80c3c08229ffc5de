import {
  ENTRY_DATE_OPTIONS,
  EXTRA_CREATION_FEATURES,
  PROPERTY_CATEGORIES,
  PROPERTY_CONDITIONS,
  PROPERTY_FEATURES,
  TRANSACTION_TYPES,
} from '@shared/domain/property-options';
import { FormField } from '@web/components/form-field';
import { he } from '@web/i18n/he';
import { useAgentUsers } from '@web/lib/users';
import { CheckboxField, SelectField, TextAreaField } from './fields';
import { ImagePicker } from './image-picker';
import type { WizardDraft } from './wizard-draft';

const f = he.properties.fields;
const ALL_FEATURES = [...PROPERTY_FEATURES, ...EXTRA_CREATION_FEATURES];

export type StepProps = {
  draft: WizardDraft;
  set: <K extends keyof WizardDraft>(key: K, value: WizardDraft[K]) => void;
  errors: Record<string, string>;
};

const blank = (label: string) => [{ value: '', label }];

function DealStep({ draft, set, errors }: StepProps) {
  const agents = useAgentUsers().data ?? [];
  const agentOptions = [...blank(f.noAgent), ...agents.map((a) => ({ value: a._id, label: a.name }))];
  return (
    <>
      <SelectField
        label={f.typeTransaction}
        value={draft.typeTransaction}
        onChange={(v) => set('typeTransaction', v)}
        options={[...blank(f.choose), ...Object.values(TRANSACTION_TYPES)]}
        error={errors.typeTransaction}
      />
      <FormField
        label={f.city}
        value={draft.city}
        onChange={(e) => set('city', e.target.value)}
        error={errors.city}
      />
      <FormField
        label={f.address}
        value={draft.address}
        onChange={(e) => set('address', e.target.value)}
        error={errors.address}
      />
      <SelectField
        label={f.agent}
        value={draft.agent}
        onChange={(v) => set('agent', v)}
        options={agentOptions}
        error={errors.agent}
      />
      <SelectField
        label={f.agentSecend}
        value={draft.agentSecend}
        onChange={(v) => set('agentSecend', v)}
        options={agentOptions}
        error={errors.agentSecend}
      />
    </>
  );
}

function KindStep({ draft, set, errors }: StepProps) {
  return (
    <>
      <CheckboxField
        label={f.pinuy_binuy}
        checked={draft.pinuy_binuy}
        onChange={(v) => set('pinuy_binuy', v)}
      />
      <SelectField
        label={f.category}
        value={draft.category}
        onChange={(v) => set('category', v)}
        options={[...blank(f.choose), ...PROPERTY_CATEGORIES]}
        error={errors.category}
      />
    </>
  );
}

function SizeStep({ draft, set, errors }: StepProps) {
  return (
    <>
      <FormField
        label={f.rooms}
        type="number"
        inputMode="decimal"
        min={0}
        step={0.5}
        value={draft.rooms}
        onChange={(e) => set('rooms', e.target.value)}
        error={errors.rooms}
      />
      <FormField
        label={f.floor}
        value={draft.floor}
        onChange={(e) => set('floor', e.target.value)}
        error={errors.floor}
      />
      <FormField
        label={f.size}
        type="number"
        inputMode="numeric"
        min={0}
        value={draft.size}
        onChange={(e) => set('size', e.target.value)}
        error={errors.size}
      />
    </>
  );
}

function EntryStep({ draft, set }: StepProps) {
  return (
    <>
      <SelectField
        label={f.entryDate}
        value={draft.entryDate}
        onChange={(v) => set('entryDate', v)}
        options={[...blank(f.choose), ...ENTRY_DATE_OPTIONS]}
      />
      <SelectField
        label={f.propertyCondition}
        value={draft.propertyCondition}
        onChange={(v) => set('propertyCondition', v)}
        options={[...blank(f.choose), ...PROPERTY_CONDITIONS]}
      />
      <fieldset className="flex flex-wrap gap-x-5 gap-y-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">{f.features}</legend>
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
    </>
  );
}

function PriceStep({ draft, set, errors }: StepProps) {
  return (
    <>
      <TextAreaField
        label={f.description}
        value={draft.description}
        onChange={(v) => set('description', v)}
        rows={4}
      />
      <FormField
        label={f.price}
        type="number"
        inputMode="numeric"
        min={0}
        value={draft.price}
        onChange={(e) => set('price', e.target.value)}
        error={errors.price}
      />
      <FormField
        label={f.yad2}
        type="url"
        dir="ltr"
        value={draft.yad2}
        onChange={(e) => set('yad2', e.target.value)}
        error={errors.yad2}
      />
      <ImagePicker files={draft.images} onChange={(files) => set('images', files)} />
    </>
  );
}

export const WIZARD_STEPS = [DealStep, KindStep, SizeStep, EntryStep, PriceStep];

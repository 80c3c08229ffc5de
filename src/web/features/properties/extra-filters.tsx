import {
  AMENITY_KEYS,
  AMENITY_LABELS,
  type Amenity,
  ENTRY_FILTER_KEYS,
  ENTRY_LABELS,
  type EntryFilter,
  type ExtraFilters,
  PRICE_PER_METER_MAX,
  SEARCH_FLOORS,
} from '@shared/domain/search-filters';
import { FormField } from '@web/components/form-field';
import { NumberField } from '@web/components/number-field';
import { SelectField } from '@web/components/select-field';
import { searchFilters } from '@web/i18n/search-filters';

const t = searchFilters;

type Props = {
  draft: ExtraFilters;
  set: <K extends keyof ExtraFilters>(key: K, value: ExtraFilters[K]) => void;
  problems: Partial<Record<keyof ExtraFilters, string>>;
  /** Open at first when a filter here is in force (or has a problem). */
  open: boolean;
};

/** A checkbox sent as `name=value` when ticked (a local one: the shared CheckboxField's module is larger). */
function Box(props: {
  name: string;
  value: string;
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="inline-flex min-h-8 items-center gap-2">
      <input
        type="checkbox"
        name={props.name}
        value={props.value}
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
        className="size-4 accent-brand-700"
      />
      {props.label}
    </label>
  );
}

/** '' is no bound; anything else is kept as typed, and extraFilterProblems says what is wrong with it. */
const bound = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * The filters of issue 39 under a native 'מסננים נוספים' disclosure (no script needed): floor range, not ground,
 * not top, amenities, entry, price per m² and neighbourhood. Every field has the name of its URL parameter, so
 * the form also searches as a plain GET before the page's script has loaded.
 */
export function ExtraFilterFields({ draft, set, problems, open }: Props) {
  const number = (key: 'minFloor' | 'maxFloor' | 'minPricePerMeter' | 'maxPricePerMeter', label: string) => (
    <NumberField
      label={label}
      name={key}
      integer
      min={key.endsWith('Floor') ? SEARCH_FLOORS.min : 0}
      max={key.endsWith('Floor') ? SEARCH_FLOORS.max : PRICE_PER_METER_MAX}
      value={draft[key] ?? ''}
      error={problems[key]}
      onChange={(e) => set(key, bound(e.target.value))}
    />
  );
  return (
    <details open={open || undefined} className="sm:col-span-2 lg:col-span-4">
      <summary className="cursor-pointer font-semibold text-brand-900">{t.more}</summary>
      <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t.floorHint}</legend>
          <div className="grid grid-cols-2 gap-2">
            {number('minFloor', t.minFloor)}
            {number('maxFloor', t.maxFloor)}
          </div>
          <p className="text-xs text-slate-600">{t.floorHint}</p>
          {(['notGround', 'notTop'] as const).map((key) => (
            <Box
              key={key}
              name={key}
              value="1"
              label={t[key]}
              checked={draft[key]}
              onChange={(on) => set(key, on)}
            />
          ))}
        </fieldset>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium text-slate-700">{t.amenities}</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-1">
            {AMENITY_KEYS.map((amenity: Amenity) => (
              <Box
                key={amenity}
                name="amenities"
                value={amenity}
                label={AMENITY_LABELS[amenity]}
                checked={draft.amenities.includes(amenity)}
                onChange={(on) =>
                  set(
                    'amenities',
                    AMENITY_KEYS.filter((a) => (a === amenity ? on : draft.amenities.includes(a))),
                  )
                }
              />
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-2">
          <SelectField
            label={t.entry}
            name="entry"
            value={draft.entry ?? ''}
            onChange={(e) => set('entry', (e.target.value || null) as EntryFilter | null)}
            options={[
              { value: '', label: t.entryAny },
              ...ENTRY_FILTER_KEYS.map((key) => ({ value: key, label: ENTRY_LABELS[key] })),
            ]}
          />
          <FormField
            label={t.neighbourhood}
            name="neighbourhood"
            maxLength={80}
            value={draft.neighbourhood}
            onChange={(e) => set('neighbourhood', e.target.value)}
          />
        </div>
        <div className="grid grid-cols-2 gap-2">
          {number('minPricePerMeter', t.minPricePerMeter)}
          {number('maxPricePerMeter', t.maxPricePerMeter)}
        </div>
      </div>
    </details>
  );
}

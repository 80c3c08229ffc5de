import { PROPERTY_CATEGORIES } from '@shared/domain/property-options';
import { SEARCH_SORTS } from '@shared/schemas/property';
import { Button } from '@web/components/button';
import { he } from '@web/i18n/he';
import { formatPrice } from '@web/lib/format';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useCities, useStreets } from './api';
import { Combobox } from './combobox';
import { type Filters, PRICE_MAX, PRICE_STEP, ROOMS } from './filters';

const t = he.properties.filters;
const inputClass =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-200';

type Props = {
  type: 'sale' | 'rent';
  applied: Filters;
  onSearch: (filters: Filters) => void;
  onReset: () => void;
};

/** The filter form; edits stay local until Search, then land in the URL (and so in history). */
export function FilterBar({ type, applied, onSearch, onReset }: Props) {
  const [draft, setDraft] = useState(applied);
  useEffect(() => setDraft(applied), [applied]);
  const cities = useCities().data ?? [];
  const streets = useStreets(cities.includes(draft.city) ? draft.city : '').data ?? [];
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const ids = { category: useId(), min: useId(), max: useId(), sort: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };

  return (
    <form
      onSubmit={submit}
      aria-label={t.label}
      className="grid gap-4 rounded-2xl bg-slate-50 p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
    >
      <Combobox
        label={t.city}
        value={draft.city}
        onChange={(city) => setDraft((d) => ({ ...d, city, street: '' }))}
        options={cities}
        noMatch={t.noCity}
        placeholder={t.cityPlaceholder}
      />
      <Combobox
        label={t.street}
        value={draft.street}
        onChange={(street) => set('street', street)}
        options={streets}
        noMatch={t.noStreet}
        placeholder={t.streetPlaceholder}
        disabled={draft.city.trim() === ''}
        disabledHint={t.streetDisabled}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.category} className="text-sm font-medium text-slate-700">
          {t.category}
        </label>
        <select
          id={ids.category}
          value={draft.category}
          onChange={(e) => set('category', e.target.value)}
          className={inputClass}
        >
          <option value="">{t.categoryBlank}</option>
          {PROPERTY_CATEGORIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </div>
      <div className="grid grid-cols-2 gap-2">
        {(
          [
            ['minRooms', ids.min, t.minRooms],
            ['maxRooms', ids.max, t.maxRooms],
          ] as const
        ).map(([key, id, label]) => (
          <div key={key} className="flex flex-col gap-1">
            <label htmlFor={id} className="text-sm font-medium text-slate-700">
              {label}
            </label>
            <input
              id={id}
              type="number"
              inputMode="decimal"
              min={ROOMS.min}
              max={ROOMS.max}
              step={0.5}
              value={draft[key]}
              onChange={(e) =>
                set(
                  key,
                  e.target.value === '' ? ROOMS[key === 'minRooms' ? 'min' : 'max'] : Number(e.target.value),
                )
              }
              className={inputClass}
            />
          </div>
        ))}
      </div>
      <PriceSlider
        label={t.minPrice}
        value={draft.minPrice}
        max={PRICE_MAX[type]}
        onChange={(v) => set('minPrice', v)}
      />
      <PriceSlider
        label={t.maxPrice}
        value={draft.maxPrice}
        max={PRICE_MAX[type]}
        onChange={(v) => set('maxPrice', v)}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.sort} className="text-sm font-medium text-slate-700">
          {t.sort}
        </label>
        <select
          id={ids.sort}
          value={draft.sort}
          onChange={(e) => set('sort', e.target.value as Filters['sort'])}
          className={inputClass}
        >
          {SEARCH_SORTS.map((s) => (
            <option key={s} value={s}>
              {t.sorts[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-end gap-2">
        <Button type="submit" className="flex-1">
          {t.search}
        </Button>
        <Button variant="secondary" onClick={onReset} className="flex-1">
          {t.reset}
        </Button>
      </div>
    </form>
  );
}

/** A native range input (keyboard and screen-reader friendly) with the value shown in shekels. */
function PriceSlider({
  label,
  value,
  max,
  onChange,
}: {
  label: string;
  value: number;
  max: number;
  onChange: (v: number) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex justify-between text-sm font-medium text-slate-700">
        <span>{label}</span>
        <output htmlFor={id} className="font-semibold text-brand-800">
          {formatPrice(value)}
        </output>
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={max}
        step={PRICE_STEP}
        value={value}
        aria-valuetext={formatPrice(value)}
        onChange={(e) => onChange(Number(e.target.value))}
        className="accent-brand-700"
      />
    </div>
  );
}

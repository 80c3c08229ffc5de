import { PROPERTY_CATEGORIES, SEARCH_SORTS } from '@shared/domain/property-options';
import { extraFilterChips } from '@shared/domain/search-filters';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/button';
import { NumberField } from '@web/components/number-field';
import { SelectField } from '@web/components/select-field';
import { he } from '@web/i18n/he';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { citiesQuery, streetsQuery, useCities, useStreets } from './api';
import { Combobox } from './combobox';
import { ExtraFilterFields } from './extra-filters';
import {
  extraFilterProblems,
  type Filters,
  PRICE_MAX,
  type RangeKey,
  ROOMS,
  resolveChoice,
  settleTyped,
  toSearchParams,
  withRangeEnd,
} from './filters';
import { PriceField } from './price-field';
import { TypedNote } from './typed-note';

const t = he.properties.filters;

type Props = {
  type: 'sale' | 'rent';
  applied: Filters;
  onSearch: (filters: Filters) => void;
  onReset: () => void;
};

type Typed = Partial<Record<RangeKey, string>>;
type Notes = Partial<Record<RangeKey, string>>;
const RANGE_KEYS: RangeKey[] = ['minRooms', 'maxRooms', 'minPrice', 'maxPrice'];

/** The form's state: the filters being edited, numbers still being typed, and why typed numbers were changed. */
type FormState = { draft: Filters; typed: Typed; notes: Notes };

/** Every number still being typed, taken as settleTyped says; the notes say which were changed and why. */
function settleAll(type: 'sale' | 'rent', form: FormState): FormState {
  let { draft } = form;
  const notes = { ...form.notes };
  for (const key of RANGE_KEYS) {
    const text = form.typed[key];
    if (text === undefined) continue;
    const settled = settleTyped(type, draft, key, text);
    draft = settled.filters;
    notes[key] = settled.note;
  }
  return { draft, typed: {}, notes };
}

/** Whether any filter under 'more filters' is in force. */
const hasExtra = (f: Filters) => extraFilterChips(f).length > 0;

/** The filter form; edits stay local until Search, then land in the URL (and so in history). */
export function FilterBar({ type, applied, onSearch, onReset }: Props) {
  const [form, setForm] = useState<FormState>({ draft: applied, typed: {}, notes: {} });
  const { draft, typed, notes } = form;
  const noteId = useId();
  const [problems, setProblems] = useState<{ city?: string; street?: string }>({});
  const [extraProblems, setExtraProblems] = useState<ReturnType<typeof extraFilterProblems>>({});
  // The filters in force changed (a search, a reset, the back button): edit from them. The page renders often
  // (each fetch), so the effect follows the filters' content, not the object, or it would wipe the edits.
  const appliedKey = toSearchParams(type, applied).toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: appliedKey stands for the content of applied
  useEffect(
    () =>
      setForm((f) => ({
        draft: applied,
        typed: {},
        // A note stays while its field still shows the value it explains.
        notes: Object.fromEntries(
          Object.entries(f.notes).filter(([k]) => f.draft[k as RangeKey] === applied[k as RangeKey]),
        ),
      })),
    [appliedKey],
  );
  const queryClient = useQueryClient();
  const cities = useCities(type).data ?? [];
  const streets = useStreets(cities.includes(draft.city) ? draft.city : '').data ?? [];
  const setDraft = (update: (d: Filters) => Filters) => setForm((f) => ({ ...f, draft: update(f.draft) }));
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  /** A slider moved: its value is taken at once and the other end moves along if the range would cross. */
  const slide = (key: RangeKey, value: number) =>
    setForm((f) => ({
      draft: withRangeEnd(f.draft, key, value),
      typed: {},
      notes: {},
    }));
  const typeText = (key: RangeKey, text: string) =>
    setForm((f) => ({ ...f, typed: { ...f.typed, [key]: text }, notes: { ...f.notes, [key]: undefined } }));
  const settle = (key: RangeKey) =>
    setForm((f) => {
      const text = f.typed[key];
      if (text === undefined) return f;
      const settled = settleTyped(type, f.draft, key, text);
      const { [key]: _taken, ...stillTyped } = f.typed;
      return { draft: settled.filters, typed: stillTyped, notes: { ...f.notes, [key]: settled.note } };
    });
  const shown = (key: RangeKey) => typed[key] ?? String(draft[key]);

  /** The filters with city and street taken from their suggestions, or the problems to show instead. */
  const resolve = async (filters: Filters): Promise<Filters | null> => {
    if (!filters.city.trim()) return { ...filters, city: '', street: '' };
    // The suggestions as the visitor sees them; fetched now if they had not arrived yet.
    const city = resolveChoice(filters.city, await queryClient.fetchQuery(citiesQuery(type)));
    if ('problem' in city) {
      setProblems({ city: city.problem === 'none' ? t.noCity : t.severalCities });
      return null;
    }
    if (!filters.street.trim()) return { ...filters, city: city.value, street: '' };
    const street = resolveChoice(filters.street, await queryClient.fetchQuery(streetsQuery(city.value)));
    if ('problem' in street) {
      setProblems({ street: street.problem === 'none' ? t.noStreet : t.severalStreets });
      return null;
    }
    return { ...filters, city: city.value, street: street.value };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Numbers still being typed (Enter in a number field) are taken first.
    const settled = settleAll(type, form);
    setForm(settled);
    // A minimum above its maximum, a floor out of range: said on the field, and nothing is searched.
    const wrong = extraFilterProblems(settled.draft);
    setExtraProblems(wrong);
    if (Object.keys(wrong).length > 0) return;
    // Without the suggestions (the network failed), the search itself runs and reports the failure.
    const resolved = await resolve(settled.draft).catch(() => settled.draft);
    if (!resolved) return;
    setProblems({});
    setDraft(() => resolved);
    onSearch(resolved);
  };

  return (
    <form
      onSubmit={submit}
      // Before the script loads, the form is a plain GET of the same page: every field has its URL name.
      method="get"
      aria-label={t.label}
      noValidate
      className="grid gap-4 rounded-2xl bg-slate-50 p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
    >
      <Combobox
        label={t.city}
        name="city"
        value={draft.city}
        onChange={(city) => {
          setProblems({});
          setDraft((d) => ({ ...d, city, street: '' }));
        }}
        options={cities}
        noMatch={t.noCity}
        placeholder={t.cityPlaceholder}
        error={problems.city}
      />
      <Combobox
        label={t.street}
        name="street"
        value={draft.street}
        onChange={(street) => {
          setProblems((p) => ({ ...p, street: undefined }));
          set('street', street);
        }}
        options={streets}
        noMatch={t.noStreet}
        placeholder={t.streetPlaceholder}
        // The street unlocks only once the city is one of the suggestions (its streets are known).
        disabled={!cities.includes(draft.city)}
        disabledHint={t.streetDisabled}
        error={problems.street}
      />
      <SelectField
        label={t.category}
        name="category"
        value={draft.category}
        onChange={(e) => set('category', e.target.value)}
        options={[{ value: '', label: t.categoryBlank }, ...PROPERTY_CATEGORIES]}
      />
      <div className="grid grid-cols-2 gap-2">
        {(
          [
            ['minRooms', t.minRooms],
            ['maxRooms', t.maxRooms],
          ] as const
        ).map(([key, label]) => (
          <div key={key} className="flex flex-col gap-1">
            <NumberField
              label={label}
              name={key}
              min={ROOMS.min}
              max={ROOMS.max}
              step={0.5}
              value={shown(key)}
              aria-describedby={notes[key] ? `${noteId}-${key}` : undefined}
              onChange={(e) => typeText(key, e.target.validity.badInput ? '?' : e.target.value)}
              onBlur={() => settle(key)}
            />
            <TypedNote id={`${noteId}-${key}`} note={notes[key]} />
          </div>
        ))}
      </div>
      <PriceField
        label={t.minPrice}
        name="minPrice"
        typedLabel={t.typedMinPrice}
        value={draft.minPrice}
        max={PRICE_MAX[type]}
        text={shown('minPrice')}
        note={notes.minPrice}
        onSlide={(v) => slide('minPrice', v)}
        onType={(text) => typeText('minPrice', text)}
        onSettle={() => settle('minPrice')}
      />
      <PriceField
        label={t.maxPrice}
        name="maxPrice"
        typedLabel={t.typedMaxPrice}
        value={draft.maxPrice}
        max={PRICE_MAX[type]}
        text={shown('maxPrice')}
        note={notes.maxPrice}
        onSlide={(v) => slide('maxPrice', v)}
        onType={(text) => typeText('maxPrice', text)}
        onSettle={() => settle('maxPrice')}
      />
      <SelectField
        label={t.sort}
        name="sort"
        value={draft.sort}
        onChange={(e) => set('sort', e.target.value as Filters['sort'])}
        options={SEARCH_SORTS.map((sort) => ({ value: sort, label: t.sorts[sort] }))}
      />
      <ExtraFilterFields
        draft={draft}
        set={(key, value) => {
          setExtraProblems((p) => ({ ...p, [key]: undefined }));
          setDraft((d) => ({ ...d, [key]: value }));
        }}
        problems={extraProblems}
        open={hasExtra(applied) || Object.keys(extraProblems).length > 0}
      />
      <div className="flex items-end gap-2">
        <Button type="submit" className="flex-1">
          {t.search}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setForm((f) => ({ ...f, typed: {}, notes: {} }));
            setExtraProblems({});
            onReset();
          }}
          className="flex-1"
        >
          {t.reset}
        </Button>
      </div>
    </form>
  );
}

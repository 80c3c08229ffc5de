import { israelYearMonth } from '@shared/domain/israel-calendar';
import { Button } from '@web/components/button';
import { SelectField } from '@web/components/select-field';
import { performance as hePerformance } from '@web/i18n/performance';
import { useState } from 'react';
import type { MonthKey } from './api';

const t = hePerformance.common;

export const currentMonth = (): MonthKey => israelYearMonth();

/**
 * The current year and the 9 before it (SPEC section 9), newest first; with `ahead`, next year first as well,
 * for a picker that sets the future (a goal for January is set in December).
 */
export const yearChoices = (years = 10, ahead = false) => {
  const { year } = currentMonth();
  const newest = ahead ? year + 1 : year;
  return Array.from({ length: years + (ahead ? 1 : 0) }, (_, i) => newest - i);
};

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1));

type Props = {
  value: MonthKey;
  onChange(value: MonthKey): void;
  /** Applies the selection; without it the selection applies at once. */
  submitLabel?: string;
  onReset?: () => void;
  busy?: boolean;
  /** Offers next year too: the picker sets the future (goals), not only reads the past. */
  ahead?: boolean;
};

/** Year (current and 9 before; next year too when `ahead`) and month (1-12) selectors, with the search/update button and a reset. */
export function MonthPicker({ value, onChange, submitLabel, onReset, busy, ahead = false }: Props) {
  const [draft, setDraft] = useState(value);
  const set = (next: MonthKey) => (submitLabel ? setDraft(next) : onChange(next));
  const shown = submitLabel ? draft : value;
  return (
    <form
      className="mb-6 flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm"
      onSubmit={(event) => {
        event.preventDefault();
        onChange(draft);
      }}
    >
      <SelectField
        label={t.year}
        value={shown.year}
        onChange={(e) => set({ ...shown, year: Number(e.target.value) })}
        options={yearChoices(10, ahead).map(String)}
      />
      <SelectField
        label={t.month}
        value={shown.month}
        onChange={(e) => set({ ...shown, month: Number(e.target.value) })}
        options={MONTHS}
      />
      {submitLabel && (
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
      )}
      {onReset && (
        <Button
          variant="secondary"
          onClick={() => {
            setDraft(currentMonth());
            onReset();
          }}
        >
          {t.reset}
        </Button>
      )}
    </form>
  );
}

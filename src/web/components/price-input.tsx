import { he } from '@web/i18n/he';
import { groupDigits, ungroupDigits } from '@web/lib/format';
import { type ChangeEvent, forwardRef, type InputHTMLAttributes } from 'react';
import { FieldShell, fieldAria, fieldControlClass, useFieldIds } from './field-shell';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode'>;

/** Places the caret after the same number of digits it followed before the separators moved. */
function keepCaret(input: HTMLInputElement, digitsBefore: number) {
  let seen = 0;
  let at = 0;
  while (at < input.value.length && seen < digitsBefore) {
    if (/\d/.test(input.value[at]!)) seen++;
    at++;
  }
  input.setSelectionRange(at, at);
}

/**
 * A typed price in shekels: digits grouped with separators as they are typed ('1,500,000'), and the shekel
 * sign after the number, inside a box at least 44 px tall. The value it reports keeps the separators; read it
 * with ungroupDigits.
 */
export const PriceInput = forwardRef<HTMLInputElement, Props>(function PriceInput(
  { className = '', onChange, ...rest },
  ref,
) {
  const change = (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.target;
    const caret = input.selectionStart ?? input.value.length;
    const digitsBefore = ungroupDigits(input.value.slice(0, caret)).replace(/\D/g, '').length;
    const grouped = groupDigits(input.value);
    if (grouped !== input.value) {
      input.value = grouped;
      if (document.activeElement === input) keepCaret(input, digitsBefore);
    }
    onChange?.(e);
  };
  return (
    <span className="relative flex">
      <input
        ref={ref}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        onChange={change}
        className={`min-h-11 ${className}`}
        // Room for the shekel sign whatever padding the caller's class sets.
        style={{ paddingInlineEnd: '2rem' }}
        {...rest}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute end-3 top-1/2 -translate-y-1/2 text-slate-700"
      >
        {he.properties.filters.currency}
      </span>
    </span>
  );
});

type FieldProps = Props & { label: string; error?: string };

/** A labelled price input (the property forms') whose validation message stays on the field. */
export const PriceFormField = forwardRef<HTMLInputElement, FieldProps>(function PriceFormField(
  { label, error, id, ...rest },
  ref,
) {
  const { inputId, errorId } = useFieldIds(id);
  return (
    <FieldShell inputId={inputId} errorId={errorId} label={label} error={error} required={rest.required}>
      <PriceInput
        ref={ref}
        id={inputId}
        {...fieldAria(errorId, error)}
        className={`w-full ${fieldControlClass}`}
        {...rest}
      />
    </FieldShell>
  );
});

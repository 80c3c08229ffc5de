import { forwardRef, type SelectHTMLAttributes } from 'react';
import { FieldShell, fieldAria, fieldControlClass, useFieldIds } from './field-shell';

/** A choice: a string is its own value and label. */
export type SelectOption = string | { value: string; label: string };

type Props = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  /** The choices; or pass <option> children instead. */
  options?: readonly SelectOption[];
};

const optionOf = (o: SelectOption) => (typeof o === 'string' ? { value: o, label: o } : o);

/** A labelled native select (keyboard and screen-reader friendly by construction). */
export const SelectField = forwardRef<HTMLSelectElement, Props>(function SelectField(
  { label, error, id, options, children, ...rest },
  ref,
) {
  const { inputId, errorId } = useFieldIds(id);
  return (
    <FieldShell inputId={inputId} errorId={errorId} label={label} error={error} required={rest.required}>
      <select ref={ref} id={inputId} {...fieldAria(errorId, error)} className={fieldControlClass} {...rest}>
        {options
          ? options.map(optionOf).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))
          : children}
      </select>
    </FieldShell>
  );
});

import { forwardRef, type InputHTMLAttributes, useId } from 'react';
import { FieldError } from './field-shell';

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string };

/** One labelled checkbox (the label is the click target, at least 32px high). */
export const CheckboxField = forwardRef<HTMLInputElement, CheckboxProps>(function CheckboxField(
  { label, className, ...rest },
  ref,
) {
  return (
    <label className={`inline-flex min-h-8 items-center gap-2 ${className ?? ''}`}>
      <input ref={ref} type="checkbox" className="size-4 accent-brand-700" {...rest} />
      {label}
    </label>
  );
});

type GroupProps = {
  legend: string;
  options: readonly string[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string;
  name?: string;
};

/**
 * A set of checkboxes for a list value, grouped under a legend; the group is described by its error.
 * The chosen values keep the order of `options`; a value outside the options is kept as it is.
 * The ref reaches the first box, so a form can focus the group when it has an error.
 */
export const CheckboxGroup = forwardRef<HTMLInputElement, GroupProps>(function CheckboxGroup(
  { legend, options, value, onChange, error, name },
  firstBoxRef,
) {
  const errorId = `${useId()}-error`;
  const toggle = (option: string, on: boolean) =>
    onChange([
      ...value.filter((v) => !options.includes(v)),
      ...options.filter((o) => (o === option ? on : value.includes(o))),
    ]);
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map((option, i) => (
          <CheckboxField
            key={option}
            ref={i === 0 ? firstBoxRef : undefined}
            name={name}
            value={option}
            label={option}
            checked={value.includes(option)}
            onChange={(e) => toggle(option, e.target.checked)}
          />
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
});

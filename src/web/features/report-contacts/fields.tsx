import { forwardRef, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';

const control =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-600 disabled:bg-slate-100';

function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {error}
    </p>
  );
}

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string };

/** A labelled select whose validation message stays on the field (the same look as FormField). */
export const SelectField = forwardRef<HTMLSelectElement, SelectProps>(function SelectField(
  { label, error, id, children, ...rest },
  ref,
) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        className={control}
        {...rest}
      >
        {children}
      </select>
      <FieldError id={`${selectId}-error`} error={error} />
    </div>
  );
});

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string };

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextAreaField(
  { label, error, id, ...rest },
  ref,
) {
  const generated = useId();
  const areaId = id ?? generated;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={areaId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        ref={ref}
        id={areaId}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${areaId}-error` : undefined}
        className={control}
        {...rest}
      />
      <FieldError id={`${areaId}-error`} error={error} />
    </div>
  );
});

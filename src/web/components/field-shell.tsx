import { type ReactNode, useId } from 'react';

/** The look of every form control (input, select, textarea). */
export const fieldControlClass =
  'min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600 aria-[invalid=true]:border-red-600 disabled:bg-slate-100';

/** The control's id (given or generated) and the id of its error message. */
export function useFieldIds(id?: string) {
  const generated = useId();
  const inputId = id ?? generated;
  return { inputId, errorId: `${inputId}-error` };
}

/**
 * The accessibility every control shares: invalid and described by its message while it has an error.
 * `required` stays on the control itself, so assistive technology announces it.
 */
export const fieldAria = (errorId: string, error?: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? errorId : undefined,
});

/** A field's validation message, referenced by the control's aria-describedby. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {error}
    </p>
  );
}

type Props = {
  inputId: string;
  errorId: string;
  label: string;
  error?: string;
  required?: boolean;
  children: ReactNode;
};

/** A label above a control (a star when required), and the control's validation message below it. */
export function FieldShell({ inputId, errorId, label, error, required, children }: Props) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex gap-1 text-sm font-medium text-slate-700">
        <label htmlFor={inputId}>{label}</label>
        {required && (
          <span aria-hidden className="text-red-700">
            *
          </span>
        )}
      </div>
      {children}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

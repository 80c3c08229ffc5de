import { type ReactNode, useId } from 'react';

/** The look of every text control (input, textarea). */
export const fieldControlClass =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-600';

/** The control's id (given or generated) and the id of its error message. */
export function useFieldIds(id?: string) {
  const generated = useId();
  const inputId = id ?? generated;
  return { inputId, errorId: `${inputId}-error` };
}

type Props = { inputId: string; errorId: string; label: string; error?: string; children: ReactNode };

/** A label above a control, and the control's validation message below it. */
export function FieldShell({ inputId, errorId, label, error, children }: Props) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

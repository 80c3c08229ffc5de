import { forwardRef, type InputHTMLAttributes } from 'react';
import { FieldShell, fieldAria, fieldControlClass, useFieldIds } from './field-shell';

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string };

/** A labelled input (text, email, date, number...) whose validation message stays on the field. */
export const FormField = forwardRef<HTMLInputElement, Props>(function FormField(
  { label, error, id, className, ...rest },
  ref,
) {
  const { inputId, errorId } = useFieldIds(id);
  return (
    <FieldShell inputId={inputId} errorId={errorId} label={label} error={error} required={rest.required}>
      <input
        ref={ref}
        id={inputId}
        {...fieldAria(errorId, error)}
        className={className ? `${fieldControlClass} ${className}` : fieldControlClass}
        {...rest}
      />
    </FieldShell>
  );
});

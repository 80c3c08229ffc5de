import { forwardRef, type InputHTMLAttributes } from 'react';
import { FieldShell, fieldControlClass, useFieldIds } from './field-shell';

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string };

/** A labelled input whose validation message stays on the field. */
export const FormField = forwardRef<HTMLInputElement, Props>(function FormField(
  { label, error, id, ...rest },
  ref,
) {
  const { inputId, errorId } = useFieldIds(id);
  return (
    <FieldShell inputId={inputId} errorId={errorId} label={label} error={error}>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={fieldControlClass}
        {...rest}
      />
    </FieldShell>
  );
});

import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { FieldShell, fieldControlClass, useFieldIds } from './field-shell';

type Props = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string };

/** A labelled multi-line field whose validation message stays on the field. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, Props>(function TextAreaField(
  { label, error, id, rows = 4, ...rest },
  ref,
) {
  const { inputId, errorId } = useFieldIds(id);
  return (
    <FieldShell inputId={inputId} errorId={errorId} label={label} error={error}>
      <textarea
        ref={ref}
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={fieldControlClass}
        {...rest}
      />
    </FieldShell>
  );
});

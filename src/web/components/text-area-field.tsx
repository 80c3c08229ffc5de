import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { FieldShell, fieldAria, fieldControlClass, useFieldIds } from './field-shell';

type Props = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string };

/** A labelled multi-line field whose validation message stays on the field. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, Props>(function TextAreaField(
  { label, error, id, rows = 4, ...rest },
  ref,
) {
  const { inputId, errorId } = useFieldIds(id);
  return (
    <FieldShell inputId={inputId} errorId={errorId} label={label} error={error} required={rest.required}>
      <textarea
        ref={ref}
        id={inputId}
        rows={rows}
        {...fieldAria(errorId, error)}
        className={fieldControlClass}
        {...rest}
      />
    </FieldShell>
  );
});

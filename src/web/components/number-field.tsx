import { forwardRef, type InputHTMLAttributes } from 'react';
import { FormField } from './form-field';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: string;
  error?: string;
  /** Whole numbers only (the numeric keypad without a decimal point on phones). */
  integer?: boolean;
};

/** A labelled number input, never negative by default; its value stays text so an empty field stays empty. */
export const NumberField = forwardRef<HTMLInputElement, Props>(function NumberField(
  { integer = false, min = 0, ...rest },
  ref,
) {
  return (
    <FormField
      ref={ref}
      type="number"
      inputMode={integer ? 'numeric' : 'decimal'}
      min={min}
      step={integer ? 1 : undefined}
      {...rest}
    />
  );
});

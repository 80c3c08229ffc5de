import { PriceInput } from '@web/components/price-input';
import { formatPrice, groupDigits, ungroupDigits } from '@web/lib/format';
import { useId } from 'react';
import { PRICE_STEP } from './filters';
import { TypedNote } from './typed-note';

type Props = {
  label: string;
  /** The typed input's name for assistive technology ('הקלדת מחיר מינימלי'). */
  typedLabel: string;
  value: number;
  max: number;
  /** What the number input shows: the text being typed, else the price in force. */
  text: string;
  /** Why a typed price was changed, if it was. */
  note?: string;
  onSlide: (value: number) => void;
  onType: (text: string) => void;
  /** Leaving the number input takes the typed price (see settleTyped). */
  onSettle: () => void;
  /** The URL parameter the slider's value is sent as by a plain GET form. */
  name?: string;
};

/**
 * A price filter: a native range input (keyboard and screen-reader friendly) for a quick choice, and a number
 * input beside it for an exact price on a phone (grouped with separators, the shekel sign after it). Typed text is kept as it is while being typed and taken when
 * the visitor leaves the field or searches; a note under the field says when it had to be changed.
 */
export function PriceField({
  label,
  typedLabel,
  value,
  max,
  text,
  note,
  onSlide,
  onType,
  onSettle,
  name,
}: Props) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {label}
        </label>
        <PriceInput
          aria-label={typedLabel}
          aria-describedby={note ? noteId : undefined}
          value={groupDigits(text)}
          onChange={(e) => onType(ungroupDigits(e.target.value))}
          onBlur={onSettle}
          className="w-36 rounded-md border border-slate-300 bg-white ps-2 font-semibold text-brand-800 focus:border-brand-600"
        />
      </div>
      <input
        id={id}
        name={name}
        type="range"
        min={0}
        max={max}
        step={PRICE_STEP}
        value={value}
        aria-valuetext={formatPrice(value)}
        onChange={(e) => onSlide(Number(e.target.value))}
        className="accent-brand-700"
      />
      <TypedNote id={noteId} note={note} />
    </div>
  );
}

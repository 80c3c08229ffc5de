import { FieldError, fieldControlClass } from '@web/components/field-shell';
import { useEffect, useId, useMemo, useRef, useState } from 'react';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: string[];
  noMatch: string;
  placeholder?: string;
  disabled?: boolean;
  disabledHint?: string;
  /** Why the typed text cannot be searched (shown under the field, the field marked invalid). */
  error?: string;
  /** The URL parameter the text is sent as by a plain GET form (before the page's script loads). */
  name?: string;
};

/** Hides the list a moment after blur so a click on an option still lands (SPEC: 150 ms). */
export const BLUR_HIDE_MS = 150;

/** Case-insensitive substring match (SPEC section 5). */
export const matchOptions = (options: string[], text: string) => {
  const needle = text.trim().toLocaleLowerCase();
  return needle ? options.filter((o) => o.toLocaleLowerCase().includes(needle)) : options;
};

/** An autocomplete text box following the WAI-ARIA combobox pattern (list autocomplete, keyboard operable). */
export function Combobox({
  label,
  value,
  onChange,
  options,
  noMatch,
  placeholder,
  disabled,
  disabledHint,
  error,
  name,
}: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const matches = useMemo(() => matchOptions(options, value).slice(0, 50), [options, value]);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const choose = (option: string) => {
    onChange(option);
    setOpen(false);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (matches.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + matches.length) % matches.length);
    } else if (event.key === 'Enter' && open && active >= 0 && matches[active]) {
      event.preventDefault();
      choose(matches[active]!);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'Tab') {
      // Close at once, so Tab moves on to the next field and never into the list.
      clearTimeout(hideTimer.current);
      setOpen(false);
    }
  };

  const showList = open && !disabled;
  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="text"
        name={name}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [disabled && disabledHint ? `${id}-hint` : '', error ? `${id}-error` : '']
            .filter(Boolean)
            .join(' ') || undefined
        }
        value={value}
        disabled={disabled}
        placeholder={placeholder}
        onChange={(e) => {
          onChange(e.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => {
          clearTimeout(hideTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          hideTimer.current = setTimeout(() => setOpen(false), BLUR_HIDE_MS);
        }}
        onKeyDown={onKeyDown}
        className={`${fieldControlClass} disabled:text-slate-500`}
      />
      <FieldError id={`${id}-error`} error={error} />
      {disabled && disabledHint && (
        <span id={`${id}-hint`} className="sr-only">
          {disabledHint}
        </span>
      )}
      <div
        id={listId}
        role="listbox"
        tabIndex={-1}
        aria-label={label}
        hidden={!showList || (matches.length === 0 && !value.trim())}
        className="absolute top-full z-20 mt-1 max-h-60 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
        {matches.map((option, i) => (
          // Options are not tab stops: the input keeps focus and points at them with aria-activedescendant.
          // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the combobox input
          <div
            key={option}
            tabIndex={-1}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(option)}
            className={`cursor-pointer px-3 py-2 ${i === active ? 'bg-brand-100' : 'hover:bg-slate-100'}`}
          >
            {option}
          </div>
        ))}
        {matches.length === 0 && value.trim() && (
          <div
            role="option"
            tabIndex={-1}
            aria-selected={false}
            aria-disabled="true"
            className="px-3 py-2 text-slate-600"
          >
            {noMatch}
          </div>
        )}
      </div>
    </div>
  );
}

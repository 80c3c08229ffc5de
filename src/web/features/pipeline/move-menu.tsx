import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from '@shared/domain/pipeline';
import { pipeline } from '@web/i18n/pipeline';
import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

const t = pipeline.leads;

/**
 * "העבר ל…": the keyboard's (and a phone's) way to move a card. A button opens the list of the other stages;
 * arrows move between them, Enter picks one, Escape closes the list and returns the focus to the button.
 */
export function MoveMenu({
  name,
  status,
  onMove,
  disabled,
}: {
  name: string;
  status: LeadStatus;
  onMove: (status: LeadStatus) => void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const targets = LEAD_STATUSES.filter((s) => s !== status);

  useEffect(() => {
    if (open) listRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLUListElement>) => {
    const items = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      items[(at + step + items.length) % items.length]?.focus();
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      items[e.key === 'Home' ? 0 : items.length - 1]?.focus();
    }
  };

  return (
    <div
      className="relative"
      onBlur={(e) => {
        if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t.moveMenu(name)}
        disabled={disabled}
        onClick={() => setOpen((v) => !v)}
        className="inline-flex min-h-11 items-center gap-1 rounded-lg border border-slate-400 bg-white px-2 text-sm text-slate-800 hover:bg-slate-50 disabled:text-slate-500"
      >
        {t.moveTo}
        <ChevronDown aria-hidden="true" size={14} />
      </button>
      {open && (
        <ul
          ref={listRef}
          id={menuId}
          role="menu"
          aria-label={t.moveMenu(name)}
          onKeyDown={onKeyDown}
          className="absolute start-0 top-full z-20 mt-1 flex w-48 flex-col rounded-lg border border-slate-300 bg-white py-1 shadow-lg"
        >
          {targets.map((s) => (
            <li key={s} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  setOpen(false);
                  onMove(s);
                }}
                className="min-h-11 w-full px-3 py-2 text-start text-sm hover:bg-brand-50 focus:bg-brand-50"
              >
                {LEAD_STATUS_LABELS[s]}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

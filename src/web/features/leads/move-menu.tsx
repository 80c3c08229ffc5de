import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from '@shared/domain/pipeline';
import { pipeline } from '@web/i18n/pipeline';
import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

const t = pipeline.leads;

/**
 * "העבר ל…": the keyboard's (and a phone's) way to move a card. A disclosure button opens the list of the other
 * stages as buttons (Tab moves between them, Enter picks one); Escape closes it and returns the focus.
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
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const targets = LEAD_STATUSES.filter((s) => s !== status);

  useEffect(() => {
    if (open) listRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [open]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        data-move-menu
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={t.moveMenu(name)}
        disabled={disabled}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={onKeyDown}
        className="inline-flex min-h-11 items-center gap-1 rounded-lg border border-slate-400 bg-white px-2 text-sm text-slate-800 hover:bg-slate-50 disabled:text-slate-500"
      >
        {t.moveTo}
        <ChevronDown aria-hidden="true" size={14} />
      </button>
      {open && (
        <ul
          ref={listRef}
          id={listId}
          aria-label={t.moveMenu(name)}
          className="absolute start-0 top-full z-20 mt-1 flex w-48 flex-col rounded-lg border border-slate-300 bg-white py-1 shadow-lg"
        >
          {targets.map((s) => (
            <li key={s}>
              <button
                type="button"
                onKeyDown={onKeyDown}
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

import { pipeline } from '@web/i18n/pipeline';
import { MoreVertical, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

const t = pipeline.activity;

/**
 * A timeline entry's actions behind one small button (a phone shows no row of big buttons per entry): a
 * disclosure that opens "עריכה" and "מחיקה" as buttons (Tab moves between them, Enter picks one); Escape closes
 * it and returns the focus.
 */
export function EntryMenu({
  label,
  when,
  onEdit,
  onRemove,
}: {
  label: string;
  when: string;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (open) listRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    close();
  };
  const pick = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  const item =
    'flex min-h-11 w-full items-center gap-2 px-3 py-2 text-start text-sm hover:bg-brand-50 focus:bg-brand-50';

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={t.menuLabel(label, when)}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={onKeyDown}
        className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
      >
        <MoreVertical aria-hidden="true" size={18} />
      </button>
      {open && (
        <ul
          ref={listRef}
          id={listId}
          aria-label={t.menuLabel(label, when)}
          className="absolute end-0 top-full z-20 mt-1 flex w-40 flex-col rounded-lg border border-slate-300 bg-white py-1 shadow-lg"
        >
          <li>
            <button
              type="button"
              onKeyDown={onKeyDown}
              onClick={pick(onEdit)}
              aria-label={t.editLabel(label, when)}
              className={item}
            >
              <Pencil aria-hidden="true" size={14} />
              {t.edit}
            </button>
          </li>
          <li>
            <button
              type="button"
              onKeyDown={onKeyDown}
              onClick={pick(onRemove)}
              aria-label={t.removeLabel(label, when)}
              className={`${item} text-red-800`}
            >
              <Trash2 aria-hidden="true" size={14} />
              {t.remove}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

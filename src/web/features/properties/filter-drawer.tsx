import { he } from '@web/i18n/he';
import { SlidersHorizontal, X } from 'lucide-react';
import { type ComponentProps, useEffect, useId, useRef, useState } from 'react';
import { FilterBar } from './filter-bar';
import { activeFilterCount } from './filters';

const t = he.properties.filters;
/** Tailwind's md breakpoint, where the filter bar replaces the drawer. */
const DESKTOP = '(min-width: 48rem)';

/**
 * The filters below the md breakpoint: a 'סינון' button with the number of active filters, which opens the
 * filter form in a modal drawer (native <dialog>: the focus moves in and stays, Escape closes it, the focus
 * returns to the button). A search or a reset closes it, so the results are in view.
 */
export function FilterDrawer(props: ComponentProps<typeof FilterBar>) {
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogId = useId();
  const count = activeFilterCount(props.type, props.applied);
  const close = () => dialogRef.current?.close();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  // Past the breakpoint the drawer's wrapper is hidden (the desktop bar shows): a drawer still open there (a tablet
  // turned sideways) would leave the page inert behind an invisible dialog, so it closes.
  useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia(DESKTOP);
    const closeIfWide = () => wide.matches && dialogRef.current?.close();
    closeIfWide();
    wide.addEventListener('change', closeIfWide);
    return () => wide.removeEventListener('change', closeIfWide);
  }, [open]);

  return (
    <div className="md:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={dialogId}
        onClick={() => setOpen(true)}
        className="flex w-full items-center justify-between gap-2 rounded-xl border border-slate-300 bg-white px-4 py-3 font-semibold text-brand-900"
      >
        <span className="flex items-center gap-2">
          <SlidersHorizontal aria-hidden="true" size={20} />
          {t.open}
        </span>
        <span className="text-sm font-medium text-slate-700">{t.activeCount(count)}</span>
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape is the dialog's own keyboard close */}
      <dialog
        ref={dialogRef}
        id={dialogId}
        aria-label={t.open}
        onClose={() => {
          setOpen(false);
          buttonRef.current?.focus();
        }}
        onClick={(event) => event.target === event.currentTarget && close()}
        className="m-0 mt-auto max-h-[90dvh] w-full max-w-none overflow-y-auto rounded-t-2xl bg-white p-0 backdrop:bg-black/50"
      >
        {open && (
          <div className="flex flex-col gap-3 p-4">
            <div className="flex items-center justify-between">
              <h2 className="text-lg font-bold text-brand-900">
                {t.open} · <span className="font-medium text-slate-700">{t.activeCount(count)}</span>
              </h2>
              <button
                type="button"
                onClick={close}
                aria-label={t.close}
                title={t.close}
                className="rounded-lg p-2 hover:bg-slate-100"
              >
                <X aria-hidden="true" />
              </button>
            </div>
            <FilterBar
              {...props}
              onSearch={(filters) => {
                props.onSearch(filters);
                close();
              }}
              onReset={() => {
                props.onReset();
                close();
              }}
            />
          </div>
        )}
      </dialog>
    </div>
  );
}

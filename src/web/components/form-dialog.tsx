import { he } from '@web/i18n/he';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from './button';

/**
 * A modal form (a referral, its acceptance or decline) (native <dialog>: the focus stays inside, Escape cancels), with its title,
 * its fields and the cancel and submit buttons.
 */
export function FormDialog({
  open,
  title,
  submitLabel,
  busyLabel,
  busy,
  danger,
  onSubmit,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  submitLabel: string;
  /** Shown on the submit button while the request is on its way. */
  busyLabel?: string;
  busy?: boolean;
  danger?: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded-2xl p-6 shadow-xl backdrop:bg-black/40"
    >
      <form
        method="dialog"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
        className="flex flex-col gap-4"
      >
        <h2 id={titleId} className="text-lg font-bold text-brand-900">
          {title}
        </h2>
        {children}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onCancel}>
            {he.common.cancel}
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={busy}>
            {busy && busyLabel ? busyLabel : submitLabel}
          </Button>
        </div>
      </form>
    </dialog>
  );
}

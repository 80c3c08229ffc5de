import type { User } from '@shared/schemas/user';
import { he } from '@web/i18n/he';
import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { NavList } from './nav-list';

/**
 * The side navigation below the md breakpoint: a menu button that opens the links in a modal drawer (native
 * <dialog>: the focus moves into it and stays there, Escape closes it). Closing it in any way (Escape, the close
 * button, a tap outside, a link) gives the focus back to the menu button.
 */
export function SideNavDrawer({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogId = useId();
  const { pathname } = useLocation();
  const close = () => dialogRef.current?.close();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new route (a link, the back button) closes the drawer
  useEffect(() => setOpen(false), [pathname]);

  return (
    <div className="surface-dark bg-brand-800 px-2 py-2 text-white md:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={dialogId}
        onClick={() => setOpen(true)}
        className="flex items-center gap-2 rounded-lg px-3 py-2 font-medium hover:bg-white/10"
      >
        <Menu aria-hidden="true" size={20} />
        {he.sideNav.open}
      </button>
      {/* A tap on the backdrop (outside the drawer's content) closes it; the keyboard has Escape. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape is the dialog's own keyboard close */}
      <dialog
        ref={dialogRef}
        id={dialogId}
        aria-label={he.sideNav.label}
        onClose={() => {
          setOpen(false);
          buttonRef.current?.focus();
        }}
        onClick={(event) => event.target === event.currentTarget && close()}
        className="surface-dark m-0 me-auto h-full max-h-none w-72 max-w-[85vw] bg-brand-800 p-0 text-white backdrop:bg-black/50"
      >
        {open && (
          <nav aria-label={he.sideNav.label} className="flex flex-col gap-1 p-2">
            <button
              type="button"
              onClick={close}
              aria-label={he.sideNav.close}
              title={he.sideNav.close}
              className="mb-2 self-end rounded-lg p-2 hover:bg-white/10"
            >
              <X aria-hidden="true" />
            </button>
            <NavList user={user} onNavigate={close} />
          </nav>
        )}
      </dialog>
    </div>
  );
}

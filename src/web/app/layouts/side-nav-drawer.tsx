import type { User } from '@shared/schemas/user';
import { he } from '@web/i18n/he';
import { phoneApp } from '@web/i18n/phone-app';
import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { bottomBarItems } from './bottom-bar-items';
import { NavList } from './nav-list';

const tabClass = ({ isActive }: { isActive?: boolean }) =>
  `flex min-h-12 min-w-11 flex-1 flex-col items-center justify-center gap-0.5 rounded-lg px-1 text-xs font-medium hover:bg-white/10 ${isActive ? 'bg-white/15 text-white' : 'text-white/90'}`;

/**
 * The signed-in navigation below the md breakpoint: a bar at the bottom of the screen, within thumb's reach,
 * with the pages used most and a menu tab that opens every link in a modal drawer (native <dialog>: the focus
 * moves into it and stays there, Escape closes it). Closing it in any way (Escape, the close button, a tap
 * outside, a link) gives the focus back to the menu tab. It comes after <main> in the page, so the keyboard
 * reaches the page's content first.
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
    <>
      <nav
        aria-label={phoneApp.bottomBar.label}
        className="surface-dark fixed inset-x-0 bottom-0 z-30 bg-brand-800 px-1 pt-1 pb-[max(0.25rem,env(safe-area-inset-bottom))] text-white shadow-[0_-2px_8px_rgb(0_0_0/0.15)] md:hidden"
      >
        <ul className="flex items-stretch gap-1">
          {bottomBarItems(user).map(({ to, label, icon: Icon }) => (
            <li key={to} className="flex flex-1">
              <NavLink to={to} end className={tabClass}>
                <Icon aria-hidden="true" size={22} />
                <span>{label}</span>
              </NavLink>
            </li>
          ))}
          <li className="flex flex-1">
            <button
              ref={buttonRef}
              type="button"
              aria-haspopup="dialog"
              aria-expanded={open}
              aria-controls={dialogId}
              // The visible word begins the name, as speech input expects.
              aria-label={he.sideNav.open}
              onClick={() => setOpen(true)}
              className={tabClass({})}
            >
              <Menu aria-hidden="true" size={22} />
              <span>{phoneApp.bottomBar.menu}</span>
            </button>
          </li>
        </ul>
      </nav>
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
              className="mb-2 inline-flex size-11 items-center justify-center self-end rounded-lg hover:bg-white/10"
            >
              <X aria-hidden="true" />
            </button>
            <NavList user={user} onNavigate={close} />
          </nav>
        )}
      </dialog>
    </>
  );
}

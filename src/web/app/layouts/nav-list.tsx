import { paths } from '@shared/paths';
import type { User } from '@shared/schemas/user';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { useLogout } from '@web/features/auth/api';
import { he } from '@web/i18n/he';
import { phoneApp } from '@web/i18n/phone-app';
import { clearOutbox } from '@web/lib/offline-outbox';
import { unsubscribeThisDevice } from '@web/lib/push-device';
import { toast } from '@web/lib/toast';
import { useOutbox } from '@web/lib/use-outbox';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { sideNavItems } from './side-nav-items';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 hover:bg-white/10 ${isActive ? 'bg-white/15 font-semibold' : ''}`;

/**
 * The links of the signed-in area and the logout button. Collapsed (desktop only), each shows its icon and keeps
 * its name for screen readers and as a tooltip.
 */
export function NavList({
  user,
  collapsed = false,
  onNavigate,
}: {
  user: User;
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const logout = useLogout();
  const navigate = useNavigate();
  const pending = useOutbox(user._id);
  const [confirming, setConfirming] = useState(false);
  const signOut = async () => {
    setConfirming(false);
    // This device stops getting the user's notifications (while the session can still say so to the server).
    await unsubscribeThisDevice().catch(() => undefined);
    logout.mutate(undefined, {
      onSuccess: () => {
        void clearOutbox(user._id).catch(() => undefined);
        // Home first: closing the drawer flushes the signed-out state at once, and the signed-in layout would
        // otherwise send the page to /Login.
        navigate(paths.home());
        onNavigate?.();
        toast.success(he.auth.logoutSuccess);
      },
      onError: () => toast.error(he.auth.logoutFailure),
    });
  };
  // Entries still waiting on this device are the user's to keep or give up: never dropped without asking.
  const onLogout = () => (pending.length > 0 ? setConfirming(true) : void signOut());
  const nameOf = (label: string) => (collapsed ? label : undefined);
  return (
    <ul className="flex flex-col gap-1">
      {sideNavItems(user).map(({ to, label, icon: Icon }) => (
        <li key={to}>
          <NavLink
            to={to}
            end
            className={itemClass}
            title={nameOf(label)}
            aria-label={nameOf(label)}
            onClick={onNavigate}
          >
            <Icon aria-hidden="true" size={20} className="shrink-0" />
            {!collapsed && <span>{label}</span>}
          </NavLink>
        </li>
      ))}
      <li>
        <button
          type="button"
          onClick={onLogout}
          disabled={logout.isPending}
          className="flex min-h-11 w-full items-center gap-3 rounded-lg px-3 py-2 hover:bg-white/10"
          title={nameOf(he.sideNav.logout)}
          aria-label={nameOf(he.sideNav.logout)}
        >
          <LogOut aria-hidden="true" size={20} className="shrink-0" />
          {!collapsed && <span>{he.sideNav.logout}</span>}
        </button>
        <ConfirmDialog
          open={confirming}
          message={phoneApp.logout.pendingConfirm(pending.length)}
          confirmLabel={phoneApp.logout.confirm}
          danger
          onConfirm={() => void signOut()}
          onCancel={() => setConfirming(false)}
        />
      </li>
    </ul>
  );
}

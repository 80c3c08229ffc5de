import { paths } from '@shared/paths';
import type { User } from '@shared/schemas/user';
import { useLogout } from '@web/features/auth/api';
import { he } from '@web/i18n/he';
import { LogOut } from 'lucide-react';
import { NavLink, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { sideNavItems } from './side-nav-items';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-lg px-3 py-2 hover:bg-white/10 ${isActive ? 'bg-white/15 font-semibold' : ''}`;

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
  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        onNavigate?.();
        toast.success(he.auth.logoutSuccess);
        navigate(paths.home());
      },
      onError: () => toast.error(he.auth.logoutFailure),
    });
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
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2 hover:bg-white/10"
          title={nameOf(he.sideNav.logout)}
          aria-label={nameOf(he.sideNav.logout)}
        >
          <LogOut aria-hidden="true" size={20} className="shrink-0" />
          {!collapsed && <span>{he.sideNav.logout}</span>}
        </button>
      </li>
    </ul>
  );
}

import { worksAsAgent } from '@shared/domain/roles';
import { paths } from '@shared/paths';
import type { User } from '@shared/schemas/user';
import { useLogout } from '@web/features/auth/api';
import { he } from '@web/i18n/he';
import {
  Building2,
  ChartColumn,
  ChevronsLeft,
  ChevronsRight,
  ClipboardList,
  FileText,
  History,
  Inbox,
  LogOut,
  type LucideIcon,
  MessageSquareText,
  Settings,
  TrendingUp,
  Trophy,
  UserCog,
  UserRound,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { toast } from 'react-toastify';

type Item = { to: string; label: string; icon: LucideIcon };

/** The side navigation items a user sees (SPEC section 2 role rules). */
export function sideNavItems(user: User): Item[] {
  const admin = user.role === 'admin';
  const personal = !admin || worksAsAgent(user);
  const items: (Item | false)[] = [
    { to: paths.agentProfile(), label: he.sideNav.profile, icon: UserRound },
    admin && { to: paths.agents(), label: he.sideNav.agents, icon: Users },
    admin && { to: paths.newProperty(), label: he.sideNav.newProperty, icon: Building2 },
    admin && { to: paths.adminReportView(), label: he.sideNav.allReports, icon: ClipboardList },
    personal && { to: paths.newReportContact(user._id), label: he.sideNav.personalReport, icon: FileText },
    personal && { to: paths.personalIndicator(), label: he.sideNav.personalIndicators, icon: TrendingUp },
    personal && { to: paths.inquiries(), label: he.inquiries.inbox.mineTitle, icon: MessageSquareText },
    admin && { to: paths.performance(), label: he.sideNav.performance, icon: ChartColumn },
    { to: paths.scoreBoard(), label: he.sideNav.ranking, icon: Trophy },
    admin && { to: paths.leads(), label: he.sideNav.leads, icon: Inbox },
    admin && { to: paths.users(), label: he.admin.nav.users, icon: UserCog },
    admin && { to: paths.settings(), label: he.admin.nav.settings, icon: Settings },
    admin && { to: paths.audit(), label: he.admin.nav.audit, icon: History },
  ];
  return items.filter((i): i is Item => Boolean(i));
}

export function SideNav({ user }: { user: User }) {
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem('sideNavCollapsed') === '1');
  const logout = useLogout();
  const navigate = useNavigate();
  const toggle = () => {
    setCollapsed((v) => {
      localStorage.setItem('sideNavCollapsed', v ? '0' : '1');
      return !v;
    });
  };
  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toast.success(he.auth.logoutSuccess);
        navigate(paths.home());
      },
      onError: () => toast.error(he.auth.logoutFailure),
    });
  const itemClass = ({ isActive }: { isActive: boolean }) =>
    `flex items-center gap-3 rounded-lg px-3 py-2 hover:bg-white/10 ${isActive ? 'bg-white/15 font-semibold' : ''}`;

  return (
    <aside
      aria-label={he.sideNav.label}
      className={`shrink-0 bg-brand-800 text-white transition-[width] ${collapsed ? 'w-16' : 'w-full md:w-60'}`}
    >
      <div className="sticky top-16 flex flex-col gap-1 p-2">
        <button
          type="button"
          onClick={toggle}
          aria-expanded={!collapsed}
          aria-label={collapsed ? he.sideNav.expand : he.sideNav.collapse}
          className="mb-2 flex items-center justify-center rounded-lg p-2 hover:bg-white/10 md:justify-end"
        >
          {collapsed ? <ChevronsLeft aria-hidden="true" /> : <ChevronsRight aria-hidden="true" />}
        </button>
        <ul className={`flex flex-col gap-1 ${collapsed ? '' : 'max-md:grid max-md:grid-cols-2'}`}>
          {sideNavItems(user).map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                end
                className={itemClass}
                title={collapsed ? label : undefined}
                aria-label={collapsed ? label : undefined}
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
              title={collapsed ? he.sideNav.logout : undefined}
              aria-label={collapsed ? he.sideNav.logout : undefined}
            >
              <LogOut aria-hidden="true" size={20} className="shrink-0" />
              {!collapsed && <span>{he.sideNav.logout}</span>}
            </button>
          </li>
        </ul>
      </div>
    </aside>
  );
}

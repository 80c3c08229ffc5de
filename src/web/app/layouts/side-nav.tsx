import type { User } from '@shared/schemas/user';
import { he } from '@web/i18n/he';
import { ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useState } from 'react';
import { NavList } from './nav-list';

const COLLAPSED_KEY = 'sideNavCollapsed';

/**
 * The signed-in area's navigation column beside the page from the md breakpoint (on a phone: the bottom bar of
 * side-nav-drawer.tsx). The column collapses to its icons (narrower than open, never taller: it is one column
 * either way).
 */
export function SideNav({ user }: { user: User }) {
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  const toggle = () => {
    setCollapsed((v) => {
      localStorage.setItem(COLLAPSED_KEY, v ? '0' : '1');
      return !v;
    });
  };

  return (
    <nav
      aria-label={he.sideNav.label}
      className={`surface-dark hidden shrink-0 bg-brand-800 text-white transition-[width] md:block ${collapsed ? 'w-16' : 'w-60'}`}
    >
      <div className="sticky top-16 flex flex-col gap-1 p-2">
        <button
          type="button"
          onClick={toggle}
          aria-expanded={!collapsed}
          aria-label={collapsed ? he.sideNav.expand : he.sideNav.collapse}
          className="mb-2 flex items-center justify-end rounded-lg p-2 hover:bg-white/10"
        >
          {collapsed ? <ChevronsLeft aria-hidden="true" /> : <ChevronsRight aria-hidden="true" />}
        </button>
        <NavList user={user} collapsed={collapsed} />
      </div>
    </nav>
  );
}

import { paths } from '@shared/paths';
import { NoAccess } from '@web/components/no-access';
import { StatusMessage } from '@web/components/status-message';
import { he } from '@web/i18n/he';
import { useSession } from '@web/lib/session';
import { Navigate, Outlet, useLocation } from 'react-router';
import { SideNav } from './side-nav';

/**
 * The signed-in area: side navigation beside the page. Without a session it sends the visitor to /Login,
 * unless `allowAnonymous` (the profile page shows its own message).
 */
export function SignedInLayout({ allowAnonymous = false }: { allowAnonymous?: boolean }) {
  const { user, checking } = useSession();
  const location = useLocation();
  if (!user) {
    if (allowAnonymous) return <Outlet />;
    if (checking) return <StatusMessage busy>{he.common.loading}</StatusMessage>;
    return <Navigate to={paths.login()} replace state={{ from: location.pathname }} />;
  }
  return (
    <div className="flex flex-1 flex-col md:flex-row">
      <SideNav user={user} />
      <div className="min-w-0 flex-1 bg-slate-50">
        <Outlet />
      </div>
    </div>
  );
}

/** Admin-only pages: the server refuses their calls anyway; this explains it instead of showing errors. */
export function AdminOnly() {
  const { user } = useSession();
  if (user?.role !== 'admin') return <NoAccess />;
  return <Outlet />;
}

/** The profile page's layout: the page itself tells a visitor to sign in. */
export function ProfileLayout() {
  return <SignedInLayout allowAnonymous />;
}

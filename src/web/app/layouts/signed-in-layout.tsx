import { hasNetworkAccess } from '@shared/domain/branch-scope';
import { paths } from '@shared/paths';
import { NoAccess } from '@web/components/no-access';
import { StatusMessage } from '@web/components/status-message';
import { he } from '@web/i18n/he';
import { useSession } from '@web/lib/session';
import { Navigate, Outlet, useLocation } from 'react-router';
import { AppEffects } from './app-effects';
import { MainLandmark, useRouteAllowsAnonymous } from './main-landmark';
import { OfflineBanner } from './offline-banner';
import { SideNav } from './side-nav';
import { SideNavDrawer } from './side-nav-drawer';

/**
 * The signed-in area: side navigation beside the page's <main> (outside it, so the skip link lands past the
 * navigation), the phone's bottom bar after it. Without a session it sends the visitor to /Login, unless the page allows visitors (the profile
 * page shows its own message).
 */
export function SignedInLayout() {
  const { user, checking, signedOutByUser } = useSession();
  const location = useLocation();
  const allowAnonymous = useRouteAllowsAnonymous();
  if (!user) {
    // Logout always lands on the home page (SPEC), whichever page it was pressed on.
    if (signedOutByUser) return <Navigate to={paths.home()} replace />;
    if (allowAnonymous) {
      return (
        <MainLandmark className="flex flex-1 flex-col">
          <Outlet />
        </MainLandmark>
      );
    }
    if (checking) {
      return (
        <MainLandmark>
          <StatusMessage busy>{he.common.loading}</StatusMessage>
        </MainLandmark>
      );
    }
    return <Navigate to={paths.login()} replace state={{ from: location.pathname }} />;
  }
  return (
    <div className="flex flex-1 flex-col md:flex-row">
      <AppEffects userId={user._id} />
      <SideNav user={user} />
      {/* Room below the page for the phone's bottom bar. */}
      <MainLandmark className="min-w-0 flex-1 bg-slate-50 pb-20 md:pb-0">
        <OfflineBanner />
        <Outlet />
      </MainLandmark>
      <SideNavDrawer user={user} />
    </div>
  );
}

/** Admin-only pages: the server refuses their calls anyway; this explains it instead of showing errors. */
export function AdminOnly() {
  const { user } = useSession();
  if (user?.role !== 'admin') return <NoAccess />;
  return <Outlet />;
}

/** The network's own pages (agency settings, audit log): network admins only (docs/decisions/0033). */
export function NetworkOnly() {
  const { user } = useSession();
  if (!user || !hasNetworkAccess(user)) return <NoAccess />;
  return <Outlet />;
}

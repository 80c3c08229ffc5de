import { companyRoleTitle, isPureAdmin, roleLabel } from '@shared/domain/roles';
import { paths } from '@shared/paths';
import { Avatar } from '@web/components/avatar';
import { buttonClass } from '@web/components/button';
import { Page } from '@web/components/page';
import { he } from '@web/i18n/he';
import { useSession } from '@web/lib/session';
import { Link } from 'react-router';
import { AccountSection } from './account-section';
import { InstallHint } from './install-hint';
import { NotificationsSection } from './notifications-section';
import { ProfileRanking } from './profile-ranking';

export function ProfilePage() {
  const { user } = useSession();
  if (!user) {
    return (
      <Page title={he.profile.title}>
        <p className="mb-4 text-lg">{he.profile.mustLogin}</p>
        <Link to={paths.login()} className={buttonClass('primary')}>
          {he.common.toLogin}
        </Link>
      </Page>
    );
  }
  const pureAdmin = isPureAdmin(user);
  const buttons = pureAdmin
    ? [
        { to: paths.agents(), label: he.profile.agentsOverview },
        { to: paths.adminReportView(), label: he.profile.allReports },
      ]
    : [
        { to: paths.dailyIndicator(), label: he.profile.dailyIndicator },
        { to: paths.newReportContact(user._id), label: he.profile.personalReport },
      ];
  return (
    <Page title={he.profile.welcome(user.name, user.gender)}>
      <section className="flex flex-col items-center gap-6 rounded-2xl bg-white p-6 shadow-sm sm:flex-row sm:items-start">
        <Avatar src={user.image} alt={he.profile.imageAlt(user.name)} size={128} />
        <dl className="grid flex-1 grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-lg">
          <dt className="font-semibold text-slate-600">{he.profile.email}</dt>
          <dd>
            <bdi dir="ltr">{user.email}</bdi>
          </dd>
          <dt className="font-semibold text-slate-600">{he.profile.phone}</dt>
          <dd>
            <bdi dir="ltr">{user.phone_number}</bdi>
          </dd>
          <dt className="font-semibold text-slate-600">{he.profile.role}</dt>
          <dd>{roleLabel(user.role, user.gender)}</dd>
          {user.companyRole && (
            <>
              <dt className="font-semibold text-slate-600">{he.profile.companyRole}</dt>
              <dd>{companyRoleTitle(user.companyRole, user.gender)}</dd>
            </>
          )}
        </dl>
      </section>
      <div className="mt-6 flex flex-wrap gap-3">
        {buttons.map((b) => (
          <Link key={b.to} to={b.to} className={buttonClass()}>
            {b.label}
          </Link>
        ))}
      </div>
      <ProfileRanking />
      <InstallHint user={user} />
      <NotificationsSection />
      <AccountSection key={user._id} user={user} />
    </Page>
  );
}

import { paths } from '@shared/paths';
import { Link } from 'react-router';
import { he } from '../i18n/he';
import { buttonClass } from './button';
import { Page } from './page';

/** What a signed-in user sees on a page that is not theirs: a clear 'אין הרשאה' instead of a form that fails. */
export function NoAccess() {
  return (
    <Page title={he.common.noAccessTitle}>
      <div role="alert" className="flex flex-col items-start gap-4 rounded-2xl bg-white p-6 shadow-sm">
        <p className="text-lg text-slate-800">{he.common.forbidden}</p>
        <Link to={paths.agentProfile()} className={buttonClass('secondary')}>
          {he.common.toMyPage}
        </Link>
      </div>
    </Page>
  );
}

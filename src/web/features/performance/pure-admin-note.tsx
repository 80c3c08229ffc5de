import { paths } from '@shared/paths';
import { buttonClass } from '@web/components/button';
import { Page } from '@web/components/page';
import { performance as hePerformance } from '@web/i18n/performance';
import { Link } from 'react-router';

const t = hePerformance.daily;

/** A pure admin on its own daily or personal page: why there is nothing to enter, and where to go instead. */
export function PureAdminNote({ title }: { title: string }) {
  return (
    <Page title={title}>
      <div role="status" className="flex flex-col items-start gap-4 rounded-2xl bg-white p-6 shadow-sm">
        <p className="text-lg text-slate-800">{t.pureAdmin}</p>
        <Link to={paths.agents()} className={buttonClass('secondary')}>
          {t.toAgents}
        </Link>
      </div>
    </Page>
  );
}

import { NoAccess } from '@web/components/no-access';
import { Page } from '@web/components/page';
import { reports as heReports } from '@web/i18n/reports';
import { useSession } from '@web/lib/session';
import { useUser } from '@web/lib/users';
import { useParams } from 'react-router';
import { MonthlyCheck } from './monthly-check';
import { ReportForm } from './report-form';
import { SharePanel } from './share-panel';

const t = heReports;

/** /NewReportContact/{id}: the weekly report of the agent in the route (else the signed-in user). */
export function NewReportContactPage() {
  const { user } = useSession();
  const { id } = useParams();
  const agentId = id || user?._id || '';
  const forOther = user !== null && agentId !== user._id;
  const agent = useUser(agentId, forOther && user?.role === 'admin');

  if (!user) return null;
  // The server refuses another agent's data anyway; say so instead of showing failing forms.
  if (forOther && user.role !== 'admin') return <NoAccess />;
  const title = forOther ? t.newTitleFor(agent.data?.name ?? '') : t.newTitle;

  return (
    <Page title={title} wide>
      <div className="flex flex-col gap-8">
        {/* key: a different agent in the route gets fresh forms, not the previous agent's values. */}
        <ReportForm key={`form-${agentId}`} agentId={agentId} />
        <MonthlyCheck key={`month-${agentId}`} agentId={agentId} />
        <SharePanel key={`share-${agentId}`} agentId={agentId} />
      </div>
    </Page>
  );
}

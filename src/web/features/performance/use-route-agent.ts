import { isPureAdmin } from '@shared/domain/roles';
import { useSession } from '@web/lib/session';
import { useParams } from 'react-router';

/**
 * The agent of /DailyIndicator/{agentId?} and /PersonalIndicator/{agentId?}, by the shared acting-agent rule:
 * an agent may open only its own pages (`forbidden` otherwise), and a pure admin has no pages of its own
 * (`pureAdminSelf`): both are explained instead of showing a form that can only fail.
 */
export function useRouteAgent() {
  const { user } = useSession();
  const { agentId: routeAgent } = useParams();
  const agentId = routeAgent ?? user?._id;
  const forbidden = Boolean(user && routeAgent && user.role !== 'admin' && routeAgent !== user._id);
  const pureAdminSelf = Boolean(user && agentId === user._id && isPureAdmin(user));
  return { user, routeAgent, agentId, forbidden, pureAdminSelf };
}

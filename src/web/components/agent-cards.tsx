import { companyRoleTitle, sortByCompanyRole } from '@shared/domain/roles';
import { paths } from '@shared/paths';
import type { PublicUser } from '@shared/schemas/user';
import { he } from '@web/i18n/he';
import { Link } from 'react-router';
import { Avatar } from './avatar';
import { buttonClass } from './button';
import { StatusMessage } from './status-message';

const t = he.publicSite.about;

/**
 * The agents' cards in the companyRole order of SPEC section 9 (others last): the about page's team grid and a
 * branch page's agents.
 */
export function AgentCards({ members: given }: { members: readonly PublicUser[] }) {
  const members = sortByCompanyRole([...given]);
  if (members.length === 0) return <StatusMessage>{t.noAgents}</StatusMessage>;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="agent-grid">
      {members.map((agent) => (
        <li
          key={agent._id}
          data-testid="agent-card"
          data-company-role={agent.companyRole ?? ''}
          className="flex flex-col items-center gap-2 rounded-2xl bg-white p-6 text-center shadow-md"
        >
          <Avatar src={agent.image} alt={t.photoAlt(agent.name)} size={120} />
          <h3 className="text-xl font-semibold text-brand-900">{agent.name}</h3>
          {agent.companyRole && (
            <p className="text-slate-600">{companyRoleTitle(agent.companyRole, agent.gender)}</p>
          )}
          {agent.branch.name && (
            <p className="text-sm text-slate-600" data-testid="agent-branch">
              {agent.branch.name}
            </p>
          )}
          <Link
            to={paths.aboutAgent(agent._id)}
            aria-label={t.seeMoreAbout(agent.name)}
            className={`${buttonClass('secondary')} mt-auto`}
          >
            {t.seeMore}
          </Link>
        </li>
      ))}
    </ul>
  );
}

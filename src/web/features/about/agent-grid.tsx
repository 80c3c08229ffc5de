import { companyRoleTitle, sortByCompanyRole } from '@shared/domain/roles';
import { paths } from '@shared/paths';
import { Avatar } from '@web/components/avatar';
import { buttonClass } from '@web/components/button';
import { StatusMessage } from '@web/components/status-message';
import { he } from '@web/i18n/he';
import { Link } from 'react-router';
import { useTeam } from './api';

const t = he.publicSite.about;

/** A name as people would compare it: no spaces around or doubled, any letter case. */
export const sameName = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/**
 * The agent card grid (the server lists only the team), in the companyRole order of SPEC section 9 (others last). People already shown above it
 * (the founders, by name) are left out, so nobody is listed twice.
 */
export function AgentGrid({ shownAbove = [] }: { shownAbove?: readonly string[] }) {
  const team = useTeam();
  if (team.isPending) return <StatusMessage busy>{he.common.loading}</StatusMessage>;
  if (team.isError) return <StatusMessage>{t.loadFailure}</StatusMessage>;
  const above = new Set(shownAbove.map(sameName));
  const members = sortByCompanyRole(team.data.filter((u) => !above.has(sameName(u.name))));
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

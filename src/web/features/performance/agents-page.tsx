import { companyRoleTitle } from '@shared/domain/roles';
import { paths } from '@shared/paths';
import { Avatar } from '@web/components/avatar';
import { buttonClass } from '@web/components/button';
import { FormField } from '@web/components/form-field';
import { Page } from '@web/components/page';
import { StatusMessage } from '@web/components/status-message';
import { performance as hePerformance } from '@web/i18n/performance';
import { useAgentUsers } from '@web/lib/users';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';

const t = hePerformance.agents;

/** /Agents (admin): everyone who does agent work (worksAsAgent) with a case-insensitive name search and their three links. */
export function AgentsPage() {
  const users = useAgentUsers();
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search).trim().toLocaleLowerCase();
  const agents = (users.data ?? []).filter((u) => u.name.toLocaleLowerCase().includes(term));

  return (
    <Page title={t.title} wide>
      <div className="mb-4 max-w-sm">
        <FormField
          label={t.search}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {users.isPending ? (
        <StatusMessage busy>{hePerformance.common.loading}</StatusMessage>
      ) : users.isError ? (
        <StatusMessage>{t.loadFailed}</StatusMessage>
      ) : (
        <>
          <p role="status" className="mb-4 text-slate-700">
            {agents.length ? t.count(agents.length) : t.none}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {agents.map((agent) => (
              <li
                key={agent._id}
                className="flex flex-col items-center gap-2 rounded-2xl bg-white p-5 text-center shadow-sm"
              >
                <Avatar src={agent.image} alt={t.imageAlt(agent.name)} size={96} />
                <h2 className="text-lg font-bold text-brand-900">{agent.name}</h2>
                {'email' in agent && (
                  <bdi dir="ltr" className="text-sm text-slate-700">
                    {agent.email}
                  </bdi>
                )}
                {agent.companyRole && (
                  <p className="text-sm text-slate-700">
                    {companyRoleTitle(agent.companyRole, agent.gender)}
                  </p>
                )}
                <div className="mt-2 flex flex-wrap justify-center gap-2">
                  <Link to={paths.personalIndicator(agent._id)} className={buttonClass()}>
                    {t.personal}
                  </Link>
                  <Link to={paths.adminGoals(agent._id)} className={buttonClass('secondary')}>
                    {t.goals}
                  </Link>
                  <Link to={paths.dailyIndicator(agent._id)} className={buttonClass('secondary')}>
                    {t.daily}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </Page>
  );
}

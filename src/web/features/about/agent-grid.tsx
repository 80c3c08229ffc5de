import { AgentCards } from '@web/components/agent-cards';
import { StatusMessage } from '@web/components/status-message';
import { he } from '@web/i18n/he';
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
  return <AgentCards members={team.data.filter((u) => !above.has(sameName(u.name)))} />;
}

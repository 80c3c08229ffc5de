import type { ScoreboardEntry } from '@shared/schemas/indicator';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { performance as hePerformance } from '../i18n/performance';
import { apiRequest } from './api-client';

/** The ranking of a month (current month without arguments): used by the ranking and the profile pages. */
export const scoreboardQuery = (year?: number, month?: number, branch?: string) =>
  queryOptions({
    queryKey: ['scoreboard', year ?? null, month ?? null, branch ?? null],
    queryFn: () => {
      const params = new URLSearchParams();
      if (year && month) {
        params.set('year', String(year));
        params.set('month', String(month));
      }
      if (branch) params.set('branch', branch);
      const query = params.size ? `?${params}` : '';
      return apiRequest<{ data: ScoreboardEntry[] }>(`/indicators/scoreboard${query}`).then((r) => r.data);
    },
  });

/** The ranking of the session's scope, or (a network admin's choice) of one branch. */
export const useScoreboard = (year?: number, month?: number, branch?: string) =>
  useQuery(scoreboardQuery(year, month, branch));

/** Both places of a ranked agent: "3 בסניף חיפה, 11 ברשת" (null when the agent had no branch that month). */
export const placesOf = (entry: ScoreboardEntry) =>
  entry.branch ? hePerformance.ranking.places(entry.branchRank, entry.branch.name, entry.networkRank) : null;

/** A ranked agent's name, marked the way /Performance marks one deactivated since (ranked for the month's data). */
export const rankedName = (entry: ScoreboardEntry) =>
  entry.active ? entry.agentName : hePerformance.office.inactiveTitle(entry.agentName, entry.gender);

import type { ScoreboardEntry } from '@shared/schemas/indicator';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { performance as hePerformance } from '../i18n/performance';
import { apiRequest } from './api-client';

/** The ranking of a month (current month without arguments): used by the ranking and the profile pages. */
export const scoreboardQuery = (year?: number, month?: number) =>
  queryOptions({
    queryKey: ['scoreboard', year ?? null, month ?? null],
    queryFn: () => {
      const query = year && month ? `?year=${year}&month=${month}` : '';
      return apiRequest<{ data: ScoreboardEntry[] }>(`/indicators/scoreboard${query}`).then((r) => r.data);
    },
  });

export const useScoreboard = (year?: number, month?: number) => useQuery(scoreboardQuery(year, month));

/** A ranked agent's name, marked the way /Performance marks one deactivated since (ranked for the month's data). */
export const rankedName = (entry: ScoreboardEntry) =>
  entry.active ? entry.agentName : hePerformance.office.inactiveTitle(entry.agentName, entry.gender);

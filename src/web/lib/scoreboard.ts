import type { ScoreboardEntry } from '@shared/schemas/indicator';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { he } from '../i18n/he';
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
  entry.active ? entry.agentName : he.performance.office.inactiveTitle(entry.agentName);

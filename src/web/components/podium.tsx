import type { ScoreboardEntry } from '@shared/schemas/indicator';
import { performance as hePerformance } from '../i18n/performance';
import { placesOf, rankedName } from '../lib/scoreboard';
import { Avatar } from './avatar';

const MEDALS = ['🥇', '🥈', '🥉'] as const;
// Visual order of a podium: second, first, third (the flex row follows the RTL direction).
const ORDER = [1, 0, 2] as const;
const HEIGHTS = ['h-28', 'h-20', 'h-14'] as const;

/** The top 3 of the ranking: photo or placeholder, name, score and medal. */
export function Podium({ entries }: { entries: ScoreboardEntry[] }) {
  const top = entries.slice(0, 3);
  if (top.length === 0) return null;
  return (
    <section aria-label={hePerformance.ranking.podium} className="rounded-2xl bg-white p-4 shadow-sm">
      <h2 className="mb-4 text-center text-xl font-bold text-brand-900">{hePerformance.ranking.podium}</h2>
      <ol className="flex items-end justify-center gap-2 sm:gap-6">
        {ORDER.filter((i) => top[i]).map((i) => {
          const entry = top[i]!;
          return (
            <li key={entry.agentId} className="flex w-28 flex-col items-center text-center sm:w-36">
              <span className="sr-only">{hePerformance.ranking.place(i + 1)}</span>
              <span aria-hidden="true" className="text-3xl">
                {MEDALS[i]}
              </span>
              <Avatar src={entry.image} alt={entry.agentName} size={i === 0 ? 80 : 64} />
              <span className="mt-2 font-semibold">{rankedName(entry)}</span>
              <span className="text-sm text-slate-700">{hePerformance.ranking.points(entry.totalScore)}</span>
              {placesOf(entry) && <span className="text-xs text-slate-700">{placesOf(entry)}</span>}
              <span
                aria-hidden="true"
                className={`mt-2 flex w-full items-start justify-center rounded-t-lg bg-brand-700 pt-2 text-2xl font-bold text-white ${HEIGHTS[i]}`}
              >
                {i + 1}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

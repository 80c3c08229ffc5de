import { hasNetworkAccess } from '@shared/domain/branch-scope';
import type { ScoreboardEntry } from '@shared/schemas/indicator';
import { Page } from '@web/components/page';
import { Podium } from '@web/components/podium';
import { SelectField } from '@web/components/select-field';
import { StatusMessage } from '@web/components/status-message';
import { performance as hePerformance } from '@web/i18n/performance';
import { useBranches } from '@web/lib/branches';
import { placesOf, rankedName, useScoreboard } from '@web/lib/scoreboard';
import { useSession } from '@web/lib/session';
import { useState } from 'react';
import type { MonthKey } from './api';
import { currentMonth, MonthPicker } from './month-picker';

const t = hePerformance.ranking;

/** The last place gets 💩 and the one before it 🤡 (SPEC section 2), when they are in the list (place 4 on). */
function markOf(place: number, count: number) {
  if (place === count) return { emoji: '💩', label: t.last };
  if (place === count - 1) return { emoji: '🤡', label: t.secondToLast };
  return null;
}

function ScoringRules() {
  return (
    <section
      aria-labelledby="scoring-rules"
      className="mb-6 rounded-xl border border-brand-200 bg-brand-50 p-4"
    >
      <h2 id="scoring-rules" className="mb-2 font-bold text-brand-900">
        {t.rulesTitle}
      </h2>
      <ul className="list-disc ps-6 text-slate-800">
        {t.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </section>
  );
}

/** The places from `from` on; the last two get their emoji only when somebody scored this month. */
function RestOfList({ entries, from = 4 }: { entries: ScoreboardEntry[]; from?: number }) {
  if (entries.length < from) return null;
  const scored = entries.some((entry) => entry.totalScore > 0);
  return (
    <ol start={from} className="mt-6 flex flex-col gap-2">
      {entries.slice(from - 1).map((entry, i) => {
        const place = i + from;
        const mark = scored ? markOf(place, entries.length) : null;
        return (
          <li key={entry.agentId} className="flex items-center gap-3 rounded-lg bg-white p-3 shadow-sm">
            <span className="w-16 font-bold text-brand-800">{t.place(place)}</span>
            <span className="flex flex-1 flex-col">
              {rankedName(entry)}
              {placesOf(entry) && <span className="text-xs text-slate-700">{placesOf(entry)}</span>}
            </span>
            <span className="text-slate-700">{t.points(entry.totalScore)}</span>
            {mark && (
              <span role="img" aria-label={mark.label} className="text-2xl">
                {mark.emoji}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * /ScoreBoard: the month's ranking by the scoring rules of every agent who counts in it: the active ones, and
 * one deactivated since in a month where he has entries or a goal (marked as /Performance marks him).
 */
export function ScoreboardPage() {
  const [month, setMonth] = useState<MonthKey>(currentMonth);
  const [branch, setBranch] = useState('');
  const { user } = useSession();
  const network = user ? hasNetworkAccess(user) : false;
  const branches = useBranches(network);
  const board = useScoreboard(month.year, month.month, branch || undefined);
  const mine = board.data?.find((entry) => entry.agentId === user?._id);
  const myPlaces = mine && placesOf(mine);
  return (
    <Page title={t.title}>
      <MonthPicker value={month} onChange={setMonth} />
      {network && (
        <div className="mb-6 max-w-xs">
          <SelectField
            label={t.branchChoice}
            value={branch}
            onChange={(e) => setBranch(e.target.value)}
            options={[
              { value: '', label: t.wholeNetwork },
              ...(branches.data ?? []).map((b) => ({ value: b._id, label: b.name })),
            ]}
          />
        </div>
      )}
      {myPlaces && (
        <p className="mb-6 rounded-xl bg-white p-4 text-lg font-semibold text-brand-900 shadow-sm">
          {t.myPlaces(myPlaces)}
        </p>
      )}
      <ScoringRules />
      {board.isPending ? (
        <StatusMessage busy>{hePerformance.common.loading}</StatusMessage>
      ) : !board.data?.length ? (
        <StatusMessage>{board.isError ? hePerformance.common.generalError : t.empty}</StatusMessage>
      ) : board.data.every((entry) => entry.totalScore === 0) ? (
        <>
          <StatusMessage>{t.nobodyScored}</StatusMessage>
          <RestOfList entries={board.data} from={1} />
        </>
      ) : (
        <>
          <Podium entries={board.data} />
          <RestOfList entries={board.data} />
        </>
      )}
      {board.data?.some((entry) => !entry.active) && (
        <p className="mt-4 text-sm text-slate-700">{hePerformance.office.inactiveNote}</p>
      )}
    </Page>
  );
}

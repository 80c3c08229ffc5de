import { paths } from '@shared/paths';
import { buttonClass } from '@web/components/button';
import { Podium } from '@web/components/podium';
import { StatusMessage } from '@web/components/status-message';
import { performance as hePerformance } from '@web/i18n/performance';
import { useScoreboard } from '@web/lib/scoreboard';
import { Link } from 'react-router';

/** The profile's top-3 podium of this month and the way to the full ranking (SPEC section 2). */
export function ProfileRanking() {
  const board = useScoreboard();
  return (
    <section className="mt-8 flex flex-col items-center gap-4">
      {board.isPending ? (
        <StatusMessage busy>{hePerformance.common.loading}</StatusMessage>
      ) : (
        board.data?.some((entry) => entry.totalScore > 0) && <Podium entries={board.data} />
      )}
      <Link to={paths.scoreBoard()} className={buttonClass('secondary')}>
        {hePerformance.ranking.fullRanking}
      </Link>
    </section>
  );
}

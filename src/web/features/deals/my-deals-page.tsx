import type { DealList } from '@shared/schemas/deals';
import { FormField } from '@web/components/form-field';
import { Page } from '@web/components/page';
import { StatusMessage } from '@web/components/status-message';
import { deals as t } from '@web/i18n/deals';
import { useSession } from '@web/lib/session';
import { useState } from 'react';
import { useDeals } from './deals-api';
import { DealsTable } from './deals-table';
import { agorot, defaultRange, percent } from './money-format';
import { MonthStatement } from './month-statement';

/** The agent's year against her plan: her gross, her rate now and the next tier's start. */
function Progress({ progress }: { progress: NonNullable<DealList['progress']> }) {
  return (
    <section aria-labelledby="deals-progress" className="mb-6 rounded-xl bg-white p-4 shadow-sm">
      <h2 id="deals-progress" className="mb-2 text-lg font-bold text-brand-900">
        {t.progress.title(progress.year)}
      </h2>
      <p>{t.progress.gross(agorot(progress.gross))}</p>
      {progress.agentBp === null ? (
        <p>{t.progress.noPlan}</p>
      ) : (
        <p>{t.progress.rate(percent(progress.agentBp))}</p>
      )}
      {progress.nextTier ? (
        <>
          <p>{t.progress.next(agorot(progress.nextTier.fromAgorot), percent(progress.nextTier.agentBp))}</p>
          <p className="font-semibold">
            {t.progress.left(agorot(progress.nextTier.fromAgorot - progress.gross))}
          </p>
        </>
      ) : (
        progress.agentBp !== null && <p className="text-slate-700">{t.progress.top}</p>
      )}
    </section>
  );
}

/** "העסקאות שלי": an agent's deals (main or second agent), her share, what is due and paid (docs/money.md). */
export function MyDealsPage() {
  const { user } = useSession();
  const [range, setRange] = useState(defaultRange);
  const [month, setMonth] = useState(() => defaultRange().to);
  const query = useDeals(range);
  return (
    <Page title={t.mineTitle} wide>
      {query.data?.progress && <Progress progress={query.data.progress} />}
      <fieldset className="mb-4 flex flex-wrap items-end gap-4">
        <legend className="sr-only">{t.filters}</legend>
        <FormField
          label={t.from}
          type="month"
          value={range.from}
          onChange={(e) => e.target.value && setRange((r) => ({ ...r, from: e.target.value }))}
        />
        <FormField
          label={t.to}
          type="month"
          value={range.to}
          onChange={(e) => e.target.value && setRange((r) => ({ ...r, to: e.target.value }))}
        />
      </fieldset>
      {query.isPending ? (
        <StatusMessage busy>{t.loading}</StatusMessage>
      ) : query.isError ? (
        <p role="alert" className="text-red-800">
          {t.failed}
        </p>
      ) : (
        <DealsTable list={query.data} mine />
      )}
      {user && (
        <section aria-labelledby="my-month-statement" className="mt-8">
          <h2 id="my-month-statement" className="mb-2 text-lg font-bold text-brand-900">
            {t.statement.mineTitle}
          </h2>
          <div className="mb-3 max-w-xs">
            <FormField
              label={t.statement.month}
              type="month"
              value={month}
              onChange={(e) => e.target.value && setMonth(e.target.value)}
            />
          </div>
          <MonthStatement subject={{ kind: 'agent', id: user._id }} month={month} />
        </section>
      )}
    </Page>
  );
}

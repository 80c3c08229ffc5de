import { israelYearMonth } from '@shared/domain/israel-calendar';
import { METRIC_KEYS } from '@shared/domain/metrics';
import { isOnTarget } from '@shared/domain/performance';
import { paths } from '@shared/paths';
import type { NetworkFigures } from '@shared/schemas/network';
import { buttonClass } from '@web/components/button';
import { Page } from '@web/components/page';
import { ScrollRegion, StickyCaption, stickyColumn } from '@web/components/scroll-region';
import { SelectField } from '@web/components/select-field';
import { StatusMessage } from '@web/components/status-message';
import { network as t } from '@web/i18n/network';
import { performance as hePerformance } from '@web/i18n/performance';
import { formatMinutes, formatNumber, formatShare } from '@web/lib/format';
import { Download } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { dashboardCsvUrl, type MonthKey, useNetworkDashboard } from './api';
import { FigureName } from './figure-name';
import { RoyaltiesSection } from './royalties-section';

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1));
const yearChoices = () => Array.from({ length: 10 }, (_, i) => String(israelYearMonth().year - i));

type Row = { id: string; name: string; definition: string; cell: (f: NetworkFigures) => ReactNode };

function AgainstGoal({ actual, goal, percentage }: NetworkFigures['indicators']['meetings']) {
  if (goal === null)
    return (
      <>
        <bdi>{formatNumber(actual)}</bdi>
        <span className="block text-xs text-slate-600">{t.noGoal}</span>
      </>
    );
  return (
    <>
      {t.ofGoal(formatNumber(actual), formatNumber(goal))}
      {percentage !== null && (
        <span
          className={`block text-xs font-semibold ${isOnTarget(percentage) ? 'text-green-700' : 'text-red-700'}`}
        >
          {t.percentOfGoal(`${formatNumber(percentage)}%`)}
        </span>
      )}
    </>
  );
}

const shekels = new Intl.NumberFormat('he-IL', {
  style: 'currency',
  currency: 'ILS',
  minimumFractionDigits: 2,
});
const money = (agorot: number) => <bdi>{shekels.format(agorot / 100)}</bdi>;

const ROWS: Row[] = [
  { id: 'received', ...t.figures.received, cell: (f) => formatNumber(f.received) },
  { id: 'median', ...t.figures.medianMinutes, cell: (f) => formatMinutes(f.medianMinutes) },
  { id: 'conversion', ...t.figures.conversion, cell: (f) => formatShare(f.conversion) },
  { id: 'leadDeals', ...t.figures.deals, cell: (f) => formatNumber(f.deals) },
  ...METRIC_KEYS.map((key) => ({
    id: key,
    name: hePerformance.metrics[key],
    definition: t.figures.indicator.definition(hePerformance.metrics[key]),
    cell: (f: NetworkFigures) => <AgainstGoal {...f.indicators[key]} />,
  })),
  { id: 'gross', ...t.figures.gross, cell: (f) => money(f.money.gross) },
  { id: 'royaltyDue', ...t.figures.royaltyDue, cell: (f) => money(f.money.royaltyDue) },
  { id: 'royaltyPaid', ...t.figures.royaltyPaid, cell: (f) => money(f.money.royaltyPaid) },
];

const isEmpty = (f: NetworkFigures) =>
  f.received === 0 &&
  METRIC_KEYS.every((key) => f.indicators[key].actual === 0) &&
  Object.values(f.money).every((v) => v === 0);

const cell = 'px-3 py-2 align-top';

/** /Network (network admins): each branch's month side by side, the network as their sum, and the CSV. */
export function NetworkDashboardPage() {
  const [month, setMonth] = useState<MonthKey>(() => israelYearMonth());
  const dashboard = useNetworkDashboard(month);
  const data = dashboard.data;
  return (
    <Page title={t.title} wide>
      <p className="mb-4 text-slate-700">{t.intro}</p>
      <div className="mb-6 flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm">
        <SelectField
          label={hePerformance.common.year}
          value={month.year}
          onChange={(e) => setMonth({ ...month, year: Number(e.target.value) })}
          options={yearChoices()}
        />
        <SelectField
          label={hePerformance.common.month}
          value={month.month}
          onChange={(e) => setMonth({ ...month, month: Number(e.target.value) })}
          options={MONTHS}
        />
        <a href={dashboardCsvUrl(month)} download className={buttonClass('secondary')}>
          <Download aria-hidden="true" size={18} />
          {t.export}
        </a>
      </div>
      {dashboard.isPending ? (
        <StatusMessage busy>{t.loading}</StatusMessage>
      ) : !data ? (
        <StatusMessage>{t.loadFailure}</StatusMessage>
      ) : data.branches.length === 0 || isEmpty(data.network) ? (
        <StatusMessage>{t.empty}</StatusMessage>
      ) : (
        <ScrollRegion label={t.scrollLabel}>
          <table className="w-full text-start text-sm sm:text-base">
            <StickyCaption>{t.caption(data.month, data.year)}</StickyCaption>
            <thead className="bg-brand-50 text-sm">
              <tr>
                <th scope="col" className={`${cell} text-start ${stickyColumn('bg-brand-50')}`}>
                  {t.figure}
                </th>
                {data.branches.map((column) => (
                  <th key={column.branch._id} scope="col" className={`${cell} text-start`}>
                    {column.branch.name}
                  </th>
                ))}
                <th scope="col" className={`${cell} text-start`}>
                  {t.wholeNetwork}
                </th>
              </tr>
            </thead>
            <tbody>
              {ROWS.map((row) => (
                <tr key={row.id} className="border-t border-slate-100">
                  <th scope="row" className={`${cell} min-w-40 text-start font-medium ${stickyColumn()}`}>
                    <FigureName id={row.id} name={row.name} definition={row.definition} />
                  </th>
                  {data.branches.map((column) => (
                    <td key={column.branch._id} className={`${cell} whitespace-nowrap`}>
                      {row.cell(column)}
                    </td>
                  ))}
                  <td className={`${cell} whitespace-nowrap font-semibold`}>{row.cell(data.network)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {data && data.branches.length > 0 && (
        <nav aria-label={t.goalsNav} className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <span className="text-slate-700">{t.goalsNav}:</span>
          {data.branches.map(({ branch }) => (
            <Link
              key={branch._id}
              to={paths.branchGoal(branch._id)}
              aria-label={hePerformance.branchGoal.link(branch.name)}
              className="text-brand-700 underline"
            >
              {branch.name}
            </Link>
          ))}
        </nav>
      )}
      <RoyaltiesSection month={month} />
    </Page>
  );
}

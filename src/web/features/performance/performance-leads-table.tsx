import { LEAD_STATUS_LABELS, LEAD_STATUSES } from '@shared/domain/pipeline';
import type { PipelinePerformance } from '@shared/schemas/lead-settings';
import { useQuery } from '@tanstack/react-query';
import { ScrollRegion, StickyCaption, stickyColumn } from '@web/components/scroll-region';
import { StatusMessage } from '@web/components/status-message';
import { pipeline } from '@web/i18n/pipeline';
import { formatMinutes, formatShare } from '@web/lib/format';
import { leadsPerformanceQuery } from './api';

const t = pipeline.performance;
type Figures = PipelinePerformance['total'];

const HEADERS = [
  t.received,
  t.median,
  t.p90,
  t.withinSla,
  ...LEAD_STATUSES.map((s) => LEAD_STATUS_LABELS[s]),
  t.conversion,
];

function cells(f: Figures) {
  return [
    f.received,
    formatMinutes(f.medianMinutes),
    formatMinutes(f.p90Minutes),
    `${f.withinSla} (${formatShare(f.withinSlaShare)})`,
    ...LEAD_STATUSES.map((s) => f.byStatus[s]),
    formatShare(f.conversion),
  ];
}

/** Office performance: each agent's leads of the month, response times in office hours, stages and deals. */
export function PerformanceLeadsTable({ year, month }: { year: number; month: number }) {
  const query = useQuery(leadsPerformanceQuery({ year, month }));
  if (query.isPending) return <StatusMessage busy>{pipeline.common.loading}</StatusMessage>;
  if (query.isError) return <StatusMessage>{t.loadFailure}</StatusMessage>;
  const { agents, total, slaMinutes } = query.data;
  if (total.received === 0)
    return <p className="rounded-xl bg-white p-4 text-slate-700 shadow-sm">{t.empty}</p>;
  return (
    <ScrollRegion label={t.title}>
      <table className="w-full min-w-[56rem] text-start text-sm">
        <StickyCaption>{t.caption(slaMinutes)}</StickyCaption>
        <thead className="bg-brand-50">
          <tr>
            <th scope="col" className={`p-2 text-start ${stickyColumn('bg-brand-50')}`}>
              {t.agent}
            </th>
            {HEADERS.map((h) => (
              <th key={h} scope="col" className="p-2 text-start">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {agents.map((row) => (
            <tr key={row.agent._id} className="border-t border-slate-100">
              <th scope="row" className={`p-2 text-start font-medium whitespace-nowrap ${stickyColumn()}`}>
                {row.agent.name}
              </th>
              {cells(row).map((value, i) => (
                <td key={HEADERS[i]} className="p-2 whitespace-nowrap">
                  {value}
                </td>
              ))}
            </tr>
          ))}
          <tr className="border-t-2 border-brand-200 font-semibold">
            <th scope="row" className={`p-2 text-start whitespace-nowrap ${stickyColumn()}`}>
              {t.total}
            </th>
            {cells(total).map((value, i) => (
              <td key={HEADERS[i]} className="p-2 whitespace-nowrap">
                {value}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </ScrollRegion>
  );
}

import { buttonClass } from '@web/components/button';
import { ScrollRegion, StickyCaption } from '@web/components/scroll-region';
import { StatusMessage } from '@web/components/status-message';
import { network as t } from '@web/i18n/network';
import { Download } from 'lucide-react';
import { type MonthKey, royaltiesCsvUrl, useRoyalties } from './api';
import { RoyaltyPaymentForm } from './royalty-payment-form';
import { RoyaltyPaymentsList } from './royalty-payments-list';

const shekels = new Intl.NumberFormat('he-IL', {
  style: 'currency',
  currency: 'ILS',
  minimumFractionDigits: 2,
});
const money = (agorot: number) => shekels.format(agorot / 100);
const percent = (bp: number) => `${Number((bp / 100).toFixed(2))}%`;
const cell = 'px-3 py-2 align-top whitespace-nowrap';

/**
 * The royalties each branch owes the network (network admins): the month's and the year's fees before VAT and
 * royalties, from the deals' statements (so within the yearly cap), the monthly fees per agent (decision 0068),
 * what the branch owes in all, what each branch paid and what is left, a
 * form per branch to record a payment, and the CSV of the same.
 */
export function RoyaltiesSection({ month }: { month: MonthKey }) {
  const query = useRoyalties(month);
  const r = t.royalties;
  return (
    <section aria-labelledby="royalties" className="mt-8">
      <h2 id="royalties" className="mb-2 text-lg font-bold text-brand-900">
        {r.title}
      </h2>
      <p className="mb-3 text-slate-700">{r.intro}</p>
      <p className="mb-3">
        <a href={royaltiesCsvUrl(month)} download className={buttonClass('secondary')}>
          <Download aria-hidden="true" size={18} />
          {r.export}
        </a>
      </p>
      {query.isPending ? (
        <StatusMessage busy>{r.loading}</StatusMessage>
      ) : !query.data ? (
        <StatusMessage>{r.failed}</StatusMessage>
      ) : (
        <ScrollRegion label={r.scrollLabel}>
          <table className="w-full text-start text-sm">
            <StickyCaption>{r.caption(month.month, month.year)}</StickyCaption>
            <thead className="bg-brand-50">
              <tr>
                {[
                  r.branch,
                  r.monthDeals,
                  r.monthNet,
                  r.monthRoyalty,
                  r.monthAgentFees,
                  r.monthDue,
                  r.monthPaid,
                  r.monthBalance,
                  r.yearNet,
                  r.yearRoyalty,
                  r.yearDue,
                  r.yearPaid,
                  r.yearBalance,
                  r.cap,
                  r.record,
                ].map((h) => (
                  <th key={h} scope="col" className={`${cell} text-start`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {query.data.branches.map((b) => (
                <tr key={b.branchId} className="border-t border-slate-100">
                  <th scope="row" className={`${cell} text-start font-medium`}>
                    {b.name}
                    {b.withoutPlan > 0 && (
                      <span className="block text-xs text-red-800">{r.withoutPlan(b.withoutPlan)}</span>
                    )}
                  </th>
                  <td className={cell}>{b.month.deals}</td>
                  <td className={cell}>{money(b.month.net)}</td>
                  <td className={cell}>{money(b.month.royalty)}</td>
                  <td className={cell}>
                    {money(b.month.agentFees)}
                    {b.monthlyFee && (
                      <span className="block text-xs text-slate-700">{b.monthlyFee.rule}</span>
                    )}
                  </td>
                  <td className={`${cell} font-semibold`}>{money(b.month.due)}</td>
                  <td className={cell}>{money(b.paid.month)}</td>
                  <td className={`${cell} font-semibold`}>{money(b.balance.month)}</td>
                  <td className={cell}>{money(b.year.net)}</td>
                  <td className={cell}>{money(b.year.royalty)}</td>
                  <td className={cell}>{money(b.year.due)}</td>
                  <td className={cell}>{money(b.paid.year)}</td>
                  <td className={`${cell} font-semibold`}>{money(b.balance.year)}</td>
                  <td className={cell}>
                    {b.royaltyBp === null
                      ? r.noPlan
                      : `${percent(b.royaltyBp)} · ${b.royaltyCap === null ? r.noCap : money(b.royaltyCap)}`}
                  </td>
                  <td className={`${cell} whitespace-normal`}>
                    <RoyaltyPaymentForm branchId={b.branchId} branchName={b.name} month={query.data.month} />
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-slate-300 font-semibold">
              <tr>
                <th scope="row" className={`${cell} text-start`}>
                  {r.total}
                </th>
                <td className={cell}>{query.data.totals.month.deals}</td>
                <td className={cell}>{money(query.data.totals.month.net)}</td>
                <td className={cell}>{money(query.data.totals.month.royalty)}</td>
                <td className={cell}>{money(query.data.totals.month.agentFees)}</td>
                <td className={cell}>{money(query.data.totals.month.due)}</td>
                <td className={cell}>{money(query.data.totals.paid.month)}</td>
                <td className={cell}>{money(query.data.totals.balance.month)}</td>
                <td className={cell}>{money(query.data.totals.year.net)}</td>
                <td className={cell}>{money(query.data.totals.year.royalty)}</td>
                <td className={cell}>{money(query.data.totals.year.due)}</td>
                <td className={cell}>{money(query.data.totals.paid.year)}</td>
                <td className={cell}>{money(query.data.totals.balance.year)}</td>
                <td className={cell} />
                <td className={cell} />
              </tr>
            </tfoot>
          </table>
        </ScrollRegion>
      )}
      <p className="mt-2 text-sm text-slate-700">{r.paidNote}</p>
      <RoyaltyPaymentsList month={month} />
    </section>
  );
}

import type { BranchMonthStatement, StatementDeal } from '@shared/schemas/month-statements';
import { buttonClass } from '@web/components/button';
import { ScrollRegion } from '@web/components/scroll-region';
import { StatusMessage } from '@web/components/status-message';
import { deals as t } from '@web/i18n/deals';
import { Download } from 'lucide-react';
import { type StatementSubject, statementUrl, useMonthStatement } from './deals-api';
import { agorot, day } from './money-format';

const cell = 'px-3 py-2 align-top whitespace-nowrap';
const sharesOf = (d: StatementDeal) => (d.net === null ? null : d.shares.reduce((s, x) => s + x.amount, 0));

/**
 * A month's statement (an agent's or a branch's): every deal with its lines, the totals, for a branch each
 * agent's total, and the PDF and CSV of the same (docs/money.md).
 */
export function MonthStatement({ subject, month }: { subject: StatementSubject; month: string }) {
  const query = useMonthStatement(subject, month);
  const files = (
    <p className="mb-3 flex flex-wrap gap-3">
      <a
        className={buttonClass('secondary')}
        href={`/api/v1${statementUrl(subject, month, '.pdf')}`}
        download
      >
        <Download aria-hidden="true" size={18} />
        {t.statement.pdf}
      </a>
      <a
        className={buttonClass('secondary')}
        href={`/api/v1${statementUrl(subject, month, '.csv')}`}
        download
      >
        <Download aria-hidden="true" size={18} />
        {t.statement.csv}
      </a>
    </p>
  );
  if (query.isPending) return <StatusMessage busy>{t.statement.loading}</StatusMessage>;
  if (query.isError || !query.data)
    return (
      <p role="alert" className="text-red-800">
        {t.statement.failed}
      </p>
    );
  const statement = query.data;
  const isBranch = 'agents' in statement;
  const { totals } = statement;
  const columns = t.statement.columns;
  return (
    <div>
      {files}
      {isBranch && statement.agents.length > 0 && <Agents statement={statement} />}
      {statement.deals.length === 0 ? (
        <p>{t.statement.none}</p>
      ) : (
        <ScrollRegion label={t.statement.tableLabel}>
          <table className="w-full text-start text-sm">
            <thead className="bg-brand-50">
              <tr>
                {[
                  columns.date,
                  columns.contact,
                  columns.net,
                  columns.vat,
                  columns.royalty,
                  columns.referral,
                  columns.branchShare,
                  isBranch ? columns.shares : columns.share(statement.agent.name),
                  columns.due,
                  columns.paid,
                ].map((header) => (
                  <th key={header} scope="col" className={`${cell} text-start`}>
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {statement.deals.map((d) => (
                <tr key={d.dealId} className="border-t border-slate-100">
                  <td className={cell}>{day(d.signedOn)}</td>
                  <td className={cell}>
                    {d.contactName}
                    {d.property && <span className="block text-xs text-slate-700">{d.property}</span>}
                  </td>
                  <td className={cell}>{agorot(d.net)}</td>
                  <td className={cell}>{agorot(d.vat)}</td>
                  <td className={cell}>{agorot(d.royalty)}</td>
                  <td className={cell}>{agorot(d.referral)}</td>
                  <td className={cell}>{agorot(d.branchShare)}</td>
                  <td className={`${cell} font-semibold`}>{agorot(sharesOf(d))}</td>
                  <td className={cell}>{agorot(d.due)}</td>
                  <td className={cell}>{agorot(d.paid)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-slate-300 font-semibold">
              <tr>
                <th scope="row" className={`${cell} text-start`}>
                  {t.totals}
                </th>
                <td className={cell}>{t.count(totals.count)}</td>
                <td className={cell}>{agorot(totals.net)}</td>
                <td className={cell}>{agorot(totals.vat)}</td>
                <td className={cell}>{agorot(totals.royalty)}</td>
                <td className={cell}>{agorot(totals.referral)}</td>
                <td className={cell}>{agorot(totals.branchShare)}</td>
                <td className={cell}>{agorot(totals.shares)}</td>
                <td className={cell}>{agorot(totals.due)}</td>
                <td className={cell}>{agorot(totals.paid)}</td>
              </tr>
            </tfoot>
          </table>
        </ScrollRegion>
      )}
      <p className="mt-3">
        {isBranch
          ? t.statement.branchSummary(agorot(totals.branchShare), agorot(totals.royalty))
          : t.statement.summary(
              statement.agent.name,
              agorot(totals.shares),
              agorot(totals.due),
              agorot(totals.paid),
            )}
      </p>
      {isBranch && statement.monthlyFee && (
        <p className="mt-1">
          {t.statement.monthlyFee(statement.monthlyFee.rule, agorot(statement.monthlyFee.amount))}
        </p>
      )}
    </div>
  );
}

function Agents({ statement }: { statement: BranchMonthStatement }) {
  const columns = t.statement.columns;
  return (
    <ScrollRegion label={t.statement.agentsLabel} className="mb-4 rounded-xl bg-white shadow-sm">
      <table className="w-full text-start text-sm">
        <thead className="bg-brand-50">
          <tr>
            <th scope="col" className={`${cell} text-start`}>
              {columns.agent}
            </th>
            <th scope="col" className={`${cell} text-start`}>
              {columns.deals}
            </th>
            <th scope="col" className={`${cell} text-start`}>
              {columns.agentShare}
            </th>
          </tr>
        </thead>
        <tbody>
          {statement.agents.map((a) => (
            <tr key={a.agentId} className="border-t border-slate-100">
              <th scope="row" className={`${cell} text-start font-medium`}>
                {a.name}
              </th>
              <td className={cell}>{a.deals}</td>
              <td className={cell}>{agorot(a.share)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-300 font-semibold">
          <tr>
            <th scope="row" className={`${cell} text-start`}>
              {t.totals}
            </th>
            <td className={cell} />
            <td className={cell}>{agorot(statement.totals.shares)}</td>
          </tr>
        </tfoot>
      </table>
    </ScrollRegion>
  );
}

import { hasNetworkAccess } from '@shared/domain/branch-scope';
import type { RoyaltyDues } from '@shared/schemas/royalty-payments';
import { buttonClass } from '@web/components/button';
import { Page } from '@web/components/page';
import { ScrollRegion, StickyCaption } from '@web/components/scroll-region';
import { SelectField } from '@web/components/select-field';
import { StatusMessage } from '@web/components/status-message';
import { deals } from '@web/i18n/deals';
import { useBranches } from '@web/lib/branches';
import { useSession } from '@web/lib/session';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { royaltiesCsvUrl, useRoyaltyMonths, useYearRoyaltyPayments } from './deals-api';
import { agorot, day, defaultRange } from './money-format';

const t = deals.dues;
const cell = 'px-3 py-2 align-top whitespace-nowrap';
const monthName = new Intl.DateTimeFormat('he-IL', { month: 'long', timeZone: 'UTC' });
/** "נובמבר 2026" for "2026-11". */
const monthLabel = (month: string) =>
  `${monthName.format(new Date(`${month}-01T00:00:00Z`))} ${month.slice(0, 4)}`;

type DueRow = {
  month: string;
  royalty: number;
  agentFees: number;
  due: number;
  paid: number;
  balance: number;
};
const FIGURES = ['royalty', 'agentFees', 'due', 'paid', 'balance'] as const;

/** The months of a year asked for: January to this month in the current year, all twelve before it. */
function monthsOf(year: number, thisMonth: string): string[] {
  const last = year === Number(thisMonth.slice(0, 4)) ? Number(thisMonth.slice(5, 7)) : 12;
  return Array.from({ length: last }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);
}

/** One month's figures of a branch; a month without the branch's row (nothing due) is all zero. */
function rowOf(month: string, dues: RoyaltyDues, branchId: string): DueRow {
  const b = dues.branches.find((r) => r.branchId === branchId);
  if (!b) return { month, royalty: 0, agentFees: 0, due: 0, paid: 0, balance: 0 };
  return {
    month,
    royalty: b.month.royalty,
    agentFees: b.month.agentFees,
    due: b.month.due,
    paid: b.paid.month,
    balance: b.balance.month,
  };
}

/** The year's payments of the branch: date, amount, month, note and whether it was voided (read only). */
function PaymentsList({ year, branchId }: { year: number; branchId: string }) {
  const query = useYearRoyaltyPayments(year, branchId);
  const p = t.payments;
  return (
    <section aria-labelledby="dues-payments" className="mt-8">
      <h2 id="dues-payments" className="mb-2 text-lg font-bold text-brand-900">
        {p.title}
      </h2>
      {query.isPending ? (
        <StatusMessage busy>{p.loading}</StatusMessage>
      ) : query.isError ? (
        <p role="alert" className="text-red-800">
          {p.failed}
        </p>
      ) : query.data.payments.length === 0 ? (
        <StatusMessage>{p.empty}</StatusMessage>
      ) : (
        <>
          <ScrollRegion label={p.scrollLabel}>
            <table className="w-full text-start text-sm">
              <StickyCaption>{p.caption(year)}</StickyCaption>
              <thead className="bg-brand-50">
                <tr>
                  {[p.paidOn, p.amount, p.forMonth, p.note, p.status].map((h) => (
                    <th key={h} scope="col" className={`${cell} text-start`}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {query.data.payments.map((payment) => (
                  <tr
                    key={payment._id}
                    className={`border-t border-slate-100 ${payment.voidedAt ? 'text-slate-600' : ''}`}
                  >
                    <td className={cell}>{day(payment.paidOn)}</td>
                    <td className={`${cell} ${payment.voidedAt ? 'line-through' : ''}`}>
                      {agorot(payment.amountAgorot)}
                    </td>
                    <td className={cell}>{monthLabel(payment.forMonth)}</td>
                    <td className={`${cell} whitespace-normal`}>{payment.note}</td>
                    <td className={`${cell} whitespace-normal`}>
                      {payment.voidedAt ? p.voided(payment.voidReason ?? '') : p.active}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <p className="mt-2 font-semibold">{p.total(agorot(query.data.total))}</p>
        </>
      )}
    </section>
  );
}

/**
 * "התשלומים לרשת" (/BranchDues): for a year, per month, what the branch owes the network (the deals' royalty lines
 * and the monthly fee per agent), what it paid for the month and the balance, with a total row that is the sum of
 * the rows, and the year's payments. A branch manager reads her own branch; a network admin chooses one.
 */
export function BranchDuesPage() {
  const { user } = useSession();
  const network = user ? hasNetworkAccess(user) : false;
  const thisMonth = defaultRange().to;
  const thisYear = Number(thisMonth.slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const [chosenBranch, setChosenBranch] = useState('');
  const branches = useBranches(network);
  const branchId = chosenBranch || user?.branch._id || '';
  const branchName =
    (network ? branches.data?.find((b) => b._id === branchId)?.name : undefined) ?? user?.branch.name ?? '';
  const months = monthsOf(year, thisMonth);
  const queries = useRoyaltyMonths(months);
  const failed = queries.some((q) => q.isError);
  const pending = queries.some((q) => q.isPending);
  const rows =
    failed || pending ? [] : queries.map((q, i) => rowOf(months[i] ?? '', q.data as RoyaltyDues, branchId));
  const total = Object.fromEntries(FIGURES.map((f) => [f, rows.reduce((s, r) => s + r[f], 0)])) as Record<
    (typeof FIGURES)[number],
    number
  >;
  const nothing = rows.every((r) => FIGURES.every((f) => r[f] === 0));
  const lastMonth = months[months.length - 1] ?? thisMonth;

  return (
    <Page title={t.title} wide>
      <p className="mb-4 text-slate-700">{t.intro}</p>
      <fieldset className="mb-4 flex flex-wrap items-end gap-4">
        <legend className="sr-only">{t.filters}</legend>
        <SelectField
          label={t.year}
          value={String(year)}
          onChange={(e) => setYear(Number(e.target.value))}
          options={Array.from({ length: 5 }, (_, i) => String(thisYear - i))}
        />
        {network && (
          <SelectField label={t.branch} value={branchId} onChange={(e) => setChosenBranch(e.target.value)}>
            {(branches.data ?? []).map((b) => (
              <option key={b._id} value={b._id}>
                {b.name}
              </option>
            ))}
          </SelectField>
        )}
      </fieldset>
      {!network && (
        <p className="mb-3">
          <a href={royaltiesCsvUrl(lastMonth)} download className={buttonClass('secondary')}>
            <Download aria-hidden="true" size={18} />
            {t.csv(monthLabel(lastMonth))}
          </a>
        </p>
      )}
      {failed ? (
        <p role="alert" className="text-red-800">
          {t.failed}
        </p>
      ) : pending ? (
        <StatusMessage busy>{t.loading}</StatusMessage>
      ) : nothing ? (
        <StatusMessage>{t.empty}</StatusMessage>
      ) : (
        <>
          <ScrollRegion label={t.scrollLabel}>
            <table className="w-full text-start text-sm">
              <StickyCaption>{t.caption(branchName, year)}</StickyCaption>
              <thead className="bg-brand-50">
                <tr>
                  {[t.month, t.royalty, t.agentFees, t.due, t.paid, t.balance].map((h) => (
                    <th key={h} scope="col" className={`${cell} text-start`}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.month} className="border-t border-slate-100">
                    <th scope="row" className={`${cell} text-start font-medium`}>
                      {monthLabel(r.month)}
                    </th>
                    <td className={cell}>{agorot(r.royalty)}</td>
                    <td className={cell}>{agorot(r.agentFees)}</td>
                    <td className={`${cell} font-semibold`}>{agorot(r.due)}</td>
                    <td className={cell}>{agorot(r.paid)}</td>
                    <td className={`${cell} font-semibold`}>{agorot(r.balance)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t-2 border-slate-300 font-semibold">
                <tr>
                  <th scope="row" className={`${cell} text-start`}>
                    {t.total}
                  </th>
                  {FIGURES.map((f) => (
                    <td key={f} className={cell}>
                      {agorot(total[f])}
                    </td>
                  ))}
                </tr>
              </tfoot>
            </table>
          </ScrollRegion>
          <p className="mt-2 text-sm text-slate-700">{t.note}</p>
        </>
      )}
      {branchId && <PaymentsList year={year} branchId={branchId} />}
    </Page>
  );
}

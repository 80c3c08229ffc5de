import { DEAL_STATUS_LABELS, type DealList, type DealRow } from '@shared/schemas/deals';
import { ScrollRegion, StickyCaption } from '@web/components/scroll-region';
import { deals as t } from '@web/i18n/deals';
import type { ReactNode } from 'react';
import { agorot, day, price } from './money-format';

const cell = 'px-3 py-2 align-top';
const amount = `${cell} text-end tabular-nums whitespace-nowrap`;

/**
 * The deals as a table that scrolls sideways on a phone (a labelled region, a tab stop while it scrolls), with
 * a totals row that is the sum of the rows. `mine`: an agent's view (her share; no branch line, no actions).
 */
export function DealsTable({
  list,
  mine,
  actions,
}: {
  list: DealList;
  mine: boolean;
  actions?: (row: DealRow) => ReactNode;
}) {
  if (list.deals.length === 0) return <p className="rounded-xl bg-white p-4 shadow-sm">{t.none}</p>;
  const { totals } = list;
  return (
    <ScrollRegion label={t.tableLabel}>
      <table className="w-full min-w-[56rem] text-sm">
        <StickyCaption>{t.count(totals.count)}</StickyCaption>
        <thead className="bg-slate-100 text-slate-800">
          <tr>
            <th scope="col" className={`${cell} text-start`}>
              {t.columns.date}
            </th>
            <th scope="col" className={`${cell} text-start`}>
              {t.columns.contact}
            </th>
            <th scope="col" className={`${cell} text-start`}>
              {t.columns.property}
            </th>
            <th scope="col" className={`${cell} text-end`}>
              {t.columns.price}
            </th>
            <th scope="col" className={`${cell} text-end`}>
              {t.columns.fee}
            </th>
            <th scope="col" className={`${cell} text-start`}>
              {t.columns.status}
            </th>
            <th scope="col" className={`${cell} text-end`}>
              {t.columns.due}
            </th>
            <th scope="col" className={`${cell} text-end`}>
              {t.columns.paid}
            </th>
            <th scope="col" className={`${cell} text-start`}>
              {t.columns.dueOn}
            </th>
            <th scope="col" className={`${cell} text-end`}>
              {mine ? t.columns.share : t.columns.shares}
            </th>
            {!mine && (
              <th scope="col" className={`${cell} text-end`}>
                {t.columns.branchShare}
              </th>
            )}
            {actions && (
              <th scope="col" className={`${cell} text-start`}>
                {t.columns.actions}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {list.deals.map((row) => (
            <tr key={row.dealId} className="border-t border-slate-200">
              <td className={`${cell} whitespace-nowrap`}>{day(row.signedOn)}</td>
              <th scope="row" className={`${cell} text-start font-medium`}>
                {row.contactName}
                {!mine && <span className="block text-xs font-normal text-slate-700">{row.branchName}</span>}
              </th>
              <td className={cell}>{row.property ?? '—'}</td>
              <td className={amount}>{price(row.price)}</td>
              <td className={amount}>{agorot(row.fee)}</td>
              <td className={cell}>
                {DEAL_STATUS_LABELS[row.status]}
                {row.withoutSignedOrder && (
                  <span className="mt-1 block text-xs font-semibold text-red-800">
                    {t.noSignedOrder}
                    {row.noOrderReason && (
                      <span className="block font-normal text-slate-800">
                        {t.noOrderReason(row.noOrderReason)}
                      </span>
                    )}
                  </span>
                )}
              </td>
              <td className={amount}>{row.due === null ? t.noPlan : agorot(row.due)}</td>
              <td className={amount}>{agorot(row.paid)}</td>
              <td className={`${cell} whitespace-nowrap`}>{day(row.dueOn)}</td>
              <td className={amount}>
                {mine
                  ? agorot(row.shares[0]?.amount ?? null)
                  : row.shares.map((s) => (
                      <span key={s.agentId} className="block">
                        {s.name}: {agorot(s.amount)}
                      </span>
                    ))}
              </td>
              {!mine && <td className={amount}>{agorot(row.branchShare)}</td>}
              {actions && <td className={cell}>{actions(row)}</td>}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-400 font-semibold">
          <tr>
            <th scope="row" colSpan={4} className={`${cell} text-start`}>
              {t.totals}
            </th>
            <td className={amount}>{agorot(totals.fee)}</td>
            <td className={cell} />
            <td className={amount}>{agorot(totals.due)}</td>
            <td className={amount}>{agorot(totals.paid)}</td>
            <td className={cell} />
            <td className={amount}>{agorot(totals.shares)}</td>
            {!mine && <td className={amount}>{agorot(totals.branchShare)}</td>}
            {actions && <td className={cell} />}
          </tr>
        </tfoot>
      </table>
    </ScrollRegion>
  );
}

import { formatDate } from '@shared/domain/israel-time';
import type { DealStatement } from '@shared/schemas/money';
import { useQuery } from '@tanstack/react-query';
import { money } from '@web/i18n/money';
import { ApiError, apiRequest } from '@web/lib/api-client';

const t = money.statement;
const shekels = new Intl.NumberFormat('he-IL', {
  style: 'currency',
  currency: 'ILS',
  minimumFractionDigits: 2,
});
const agorot = (value: number) => shekels.format(value / 100);

/** A deal's statement (GET /deals/{id}/statement): each line, the rule that made it and its amount. */
export function DealStatementPanel({ dealId }: { dealId: string }) {
  const query = useQuery({
    queryKey: ['deal-statement', dealId],
    queryFn: ({ signal }) =>
      apiRequest<{ data: { statement: DealStatement } }>(`/deals/${dealId}/statement`, { signal }).then(
        (r) => r.data.statement,
      ),
  });
  if (query.isPending) return <p className="text-sm text-slate-700">{t.loading}</p>;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {query.error instanceof ApiError && query.error.body.message ? query.error.body.message : t.failed}
      </p>
    );
  const s = query.data;
  return (
    <section aria-label={t.title} className="mt-2 flex flex-col gap-1">
      <p className="text-sm text-slate-700">{t.signedOn(formatDate(s.signedOn))}</p>
      {s.frozenAt && <p className="text-sm text-slate-700">{t.frozenAt(formatDate(new Date(s.frozenAt)))}</p>}
      <table className="w-full text-sm">
        <thead>
          <tr className="text-start text-slate-700">
            <th scope="col" className="text-start font-semibold">
              {t.line}
            </th>
            <th scope="col" className="text-start font-semibold">
              {t.rule}
            </th>
            <th scope="col" className="text-end font-semibold">
              {t.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {s.lines.map((line, i) => (
            // Lines of one agent in two tiers share a label: the position tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the statement's lines are fixed in order
            <tr key={i} className="border-t border-slate-200 align-top">
              <td className="py-1 pe-2">{line.label}</td>
              <td className="py-1 pe-2 text-slate-700">{line.rule}</td>
              <td className="py-1 text-end tabular-nums">{agorot(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-slate-400">
            <th scope="row" colSpan={2} className="py-1 text-start font-normal">
              {t.net}
            </th>
            <td className="py-1 text-end tabular-nums">{agorot(s.net)}</td>
          </tr>
          <tr className="font-semibold">
            <th scope="row" colSpan={2} className="py-1 text-start">
              {t.total}
            </th>
            <td className="py-1 text-end tabular-nums">{agorot(s.total)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="text-xs text-slate-700">{t.rounding}</p>
    </section>
  );
}

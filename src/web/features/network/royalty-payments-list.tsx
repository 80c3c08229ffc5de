import type { RoyaltyPayment } from '@shared/schemas/royalty-payments';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { FormField } from '@web/components/form-field';
import { ScrollRegion, StickyCaption } from '@web/components/scroll-region';
import { StatusMessage } from '@web/components/status-message';
import { network } from '@web/i18n/network';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { type FormEvent, useState } from 'react';
import { type MonthKey, useRoyaltyPayments, useVoidRoyaltyPayment } from './api';

const t = network.royalties.payments;
const shekels = new Intl.NumberFormat('he-IL', {
  style: 'currency',
  currency: 'ILS',
  minimumFractionDigits: 2,
});
const money = (agorot: number) => shekels.format(agorot / 100);
const cell = 'px-3 py-2 align-top whitespace-nowrap';

/**
 * Voids one payment recorded by mistake (network roles): a reason, then a confirmation; the server's Hebrew
 * message shows under the reason, a toast says it was voided, and the balances above refresh.
 */
function VoidPayment({ payment }: { payment: RoyaltyPayment }) {
  const voidPayment = useVoidRoyaltyPayment();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const amount = money(payment.amountAgorot);

  const ask = (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setConfirming(true);
  };
  const confirm = () => {
    voidPayment
      .mutateAsync({ id: payment._id, reason: reason.trim() })
      .then(() => {
        setConfirming(false);
        toast.success(t.saved(payment.branchName, amount));
      })
      .catch((err: unknown) => {
        setConfirming(false);
        if (!(err instanceof ApiError)) return setError(t.failedVoid);
        setError(err.fieldErrors.reason || err.body.message || t.failedVoid);
      });
  };

  return (
    <details className="min-w-56">
      <summary className="cursor-pointer text-brand-800 underline">
        {t.voidOpen(payment.branchName, amount)}
      </summary>
      <form onSubmit={ask} noValidate className="mt-2 flex flex-col gap-2">
        <FormField
          label={t.reason}
          required
          maxLength={500}
          value={reason}
          error={error}
          onChange={(e) => setReason(e.target.value)}
        />
        <Button type="submit" variant="danger" disabled={voidPayment.isPending}>
          {t.submit}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming}
        message={t.confirm(payment.branchName, amount)}
        confirmLabel={t.confirmLabel}
        danger
        busy={voidPayment.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </details>
  );
}

/** The payments recorded for the month (network roles), voided ones marked with their reason. */
export function RoyaltyPaymentsList({ month }: { month: MonthKey }) {
  const query = useRoyaltyPayments(month);
  return (
    <section aria-labelledby="royalty-payments" className="mt-6">
      <h3 id="royalty-payments" className="mb-2 text-base font-bold text-brand-900">
        {t.title}
      </h3>
      {query.isPending ? (
        <StatusMessage busy>{t.loading}</StatusMessage>
      ) : !query.data ? (
        <StatusMessage>{t.failed}</StatusMessage>
      ) : query.data.payments.length === 0 ? (
        <p className="text-slate-700">{t.empty}</p>
      ) : (
        <>
          <ScrollRegion label={t.scrollLabel}>
            <table className="w-full text-start text-sm">
              <StickyCaption>{t.caption(month.month, month.year)}</StickyCaption>
              <thead className="bg-brand-50">
                <tr>
                  {[t.paidOn, t.branch, t.amount, t.note, t.status, t.submit].map((h) => (
                    <th key={h} scope="col" className={`${cell} text-start`}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {query.data.payments.map((p) => (
                  <tr key={p._id} className="border-t border-slate-100">
                    <td className={cell}>{p.paidOn}</td>
                    <th scope="row" className={`${cell} text-start font-medium`}>
                      {p.branchName}
                    </th>
                    <td className={cell}>
                      {p.voidedAt ? <s>{money(p.amountAgorot)}</s> : money(p.amountAgorot)}
                    </td>
                    <td className={`${cell} whitespace-normal`}>{p.note}</td>
                    <td className={`${cell} whitespace-normal`}>
                      {p.voidedAt ? t.voided(p.voidReason ?? '') : t.active}
                    </td>
                    <td className={`${cell} whitespace-normal`}>
                      {!p.voidedAt && <VoidPayment payment={p} />}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <p className="mt-2 text-sm font-semibold">{t.total(money(query.data.total))}</p>
        </>
      )}
    </section>
  );
}

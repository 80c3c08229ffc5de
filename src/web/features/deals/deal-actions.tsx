import type { DealRow } from '@shared/schemas/deals';
import { Button } from '@web/components/button';
import { FormField } from '@web/components/form-field';
import { deals as t } from '@web/i18n/deals';
import { ApiError } from '@web/lib/api-client';
import { type FormEvent, useState } from 'react';
import { useAddPayment, useDeletePayment, useSetDealStatus } from './deals-api';
import { agorot, day } from './money-format';

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' }).format(new Date());

/** The server's Hebrew message of a refused change (a field's first), or the general one. */
function messageOf(error: unknown): string {
  if (error instanceof ApiError) {
    return Object.values(error.fieldErrors)[0] || error.body.message || t.actions.failed;
  }
  return t.actions.failed;
}

/**
 * A manager's actions on one deal, behind a disclosure (keyboard and screen readers get a native button):
 * invoice, record a payment (in ₪, VAT included), delete one, or cancel with a reason.
 */
export function DealActions({ row }: { row: DealRow }) {
  const setStatus = useSetDealStatus();
  const addPayment = useAddPayment();
  const deletePayment = useDeletePayment();
  const [amount, setAmount] = useState('');
  const [paidOn, setPaidOn] = useState(today);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const run = (promise: Promise<unknown>) => {
    setError('');
    promise.catch((err: unknown) => setError(messageOf(err)));
  };
  const pay = (event: FormEvent) => {
    event.preventDefault();
    const shekels = Number(amount.replace(/[,\s₪]/g, ''));
    run(
      addPayment
        .mutateAsync({ dealId: row.dealId, body: { amountAgorot: Math.round(shekels * 100), paidOn } })
        .then(() => setAmount('')),
    );
  };
  const cancel = (event: FormEvent) => {
    event.preventDefault();
    run(setStatus.mutateAsync({ dealId: row.dealId, body: { status: 'cancelled', cancelReason: reason } }));
  };
  if (row.status === 'cancelled') return null;
  const busy = setStatus.isPending || addPayment.isPending || deletePayment.isPending;
  return (
    <details className="min-w-56">
      <summary className="cursor-pointer text-brand-800 underline">{t.actions.open(row.contactName)}</summary>
      <div className="mt-2 flex flex-col gap-3">
        {row.status === 'signed' && (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => run(setStatus.mutateAsync({ dealId: row.dealId, body: { status: 'invoiced' } }))}
          >
            {t.actions.invoice}
          </Button>
        )}
        {row.status !== 'signed' && row.status !== 'paid' && (
          <form onSubmit={pay} className="flex flex-col gap-2">
            <FormField
              label={t.actions.amount}
              inputMode="decimal"
              required
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
            <FormField
              label={t.actions.paidOn}
              type="date"
              required
              value={paidOn}
              max={today()}
              onChange={(e) => setPaidOn(e.target.value)}
            />
            <Button type="submit" disabled={busy}>
              {t.actions.pay}
            </Button>
          </form>
        )}
        {row.payments.map((p) => (
          <Button
            key={p._id}
            variant="secondary"
            disabled={busy}
            onClick={() => run(deletePayment.mutateAsync({ dealId: row.dealId, body: { paymentId: p._id } }))}
          >
            {t.actions.deletePayment(agorot(p.amountAgorot), day(p.paidOn))}
          </Button>
        ))}
        {row.paid === 0 && (
          <form onSubmit={cancel} className="flex flex-col gap-2">
            <FormField
              label={t.actions.reason}
              required
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
            <Button type="submit" variant="danger" disabled={busy}>
              {t.actions.cancel}
            </Button>
          </form>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-800">
            {error}
          </p>
        )}
      </div>
    </details>
  );
}

import { Button } from '@web/components/button';
import { FormField } from '@web/components/form-field';
import { network } from '@web/i18n/network';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { type FormEvent, useState } from 'react';
import { useRecordRoyaltyPayment } from './api';

const t = network.royalties.payment;
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' }).format(new Date());
const shekels = new Intl.NumberFormat('he-IL', {
  style: 'currency',
  currency: 'ILS',
  minimumFractionDigits: 2,
});

const FIELDS = ['amountAgorot', 'paidOn', 'forMonth', 'note'] as const;
type Field = (typeof FIELDS)[number];

/**
 * Records a royalty payment of one branch (network roles), behind a disclosure in the branch's row: the amount in
 * ₪, the date paid, the month it is for (the table's month to begin with) and a note. The server's Hebrew message
 * shows under its field; a toast says it was recorded.
 */
export function RoyaltyPaymentForm({
  branchId,
  branchName,
  month,
}: {
  branchId: string;
  branchName: string;
  month: string;
}) {
  const record = useRecordRoyaltyPayment();
  const [amount, setAmount] = useState('');
  const [paidOn, setPaidOn] = useState(today);
  const [forMonth, setForMonth] = useState(month);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setGeneral('');
    const agorot = Math.round(Number(amount.replace(/[,\s₪]/g, '')) * 100);
    record
      .mutateAsync({ branchId, amountAgorot: Number.isFinite(agorot) ? agorot : 0, paidOn, forMonth, note })
      .then((payment) => {
        setAmount('');
        setNote('');
        toast.success(t.saved(branchName, shekels.format(payment.amountAgorot / 100)));
      })
      .catch((err: unknown) => {
        if (!(err instanceof ApiError)) return setGeneral(t.failed);
        const fields = err.fieldErrors as Partial<Record<Field, string>>;
        setErrors(fields);
        // A message for no field of the form (the branch, say) shows below it.
        if (!FIELDS.some((f) => fields[f]))
          setGeneral(Object.values(err.fieldErrors)[0] || err.body.message || t.failed);
      });
  };

  return (
    <details className="min-w-56">
      <summary className="cursor-pointer text-brand-800 underline">{t.open(branchName)}</summary>
      <form onSubmit={submit} noValidate className="mt-2 flex flex-col gap-2">
        <FormField
          label={t.amount}
          inputMode="decimal"
          required
          value={amount}
          error={errors.amountAgorot}
          onChange={(e) => setAmount(e.target.value)}
        />
        <FormField
          label={t.paidOn}
          type="date"
          required
          max={today()}
          value={paidOn}
          error={errors.paidOn}
          onChange={(e) => setPaidOn(e.target.value)}
        />
        <FormField
          label={t.forMonth}
          type="month"
          required
          value={forMonth}
          error={errors.forMonth}
          onChange={(e) => setForMonth(e.target.value)}
        />
        <FormField
          label={t.note}
          maxLength={500}
          value={note}
          error={errors.note}
          onChange={(e) => setNote(e.target.value)}
        />
        <Button type="submit" disabled={record.isPending}>
          {t.submit}
        </Button>
        {general && (
          <p role="alert" className="text-sm text-red-800">
            {general}
          </p>
        )}
      </form>
    </details>
  );
}

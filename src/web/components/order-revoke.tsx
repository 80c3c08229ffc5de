import { Button } from '@web/components/button';
import { TextAreaField } from '@web/components/text-area-field';
import { orders } from '@web/i18n/orders';
import { ApiError, isSessionEnd } from '@web/lib/api-client';
import { useRevokeOrder } from '@web/lib/orders-api';
import { toast } from '@web/lib/toast';
import { useState } from 'react';

const t = orders.revoke;

/** An admin revokes an order, writing why (kept in the audit log). */
export function OrderRevoke({ orderId }: { orderId: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const revoke = useRevokeOrder();
  if (!open)
    return (
      <Button variant="danger" className="self-start" onClick={() => setOpen(true)}>
        {t.open}
      </Button>
    );
  const submit = () =>
    revoke.mutate(
      { id: orderId, reason },
      {
        onSuccess: () => {
          toast.success(t.done);
          setOpen(false);
        },
        onError: (err) => {
          if (isSessionEnd(err)) return;
          if (err instanceof ApiError && err.fieldErrors.reason) setError(err.fieldErrors.reason);
          else toast.error(err instanceof ApiError ? err.message : t.failed);
        },
      },
    );
  return (
    <div className="flex flex-col gap-2">
      <TextAreaField
        label={t.reason}
        rows={2}
        value={reason}
        error={error}
        onChange={(e) => setReason(e.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="danger" disabled={revoke.isPending} onClick={submit}>
          {t.confirm}
        </Button>
        <Button variant="secondary" onClick={() => setOpen(false)}>
          {orders.cancel}
        </Button>
      </div>
    </div>
  );
}

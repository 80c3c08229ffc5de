import { ORDER_STATUS_LABELS, type OrderStatus } from '@shared/domain/brokerage-order';
import type { Order } from '@shared/schemas/orders';
import { Button } from '@web/components/button';
import { OrderForm } from '@web/components/order-form';
import { OrderRevoke } from '@web/components/order-revoke';
import { OrderSendStep } from '@web/components/order-send-step';
import { orders } from '@web/i18n/orders';
import { isSessionEnd } from '@web/lib/api-client';
import { formatDate } from '@web/lib/format';
import {
  type OrderSource,
  type SentOrder,
  useOrderDraft,
  useOrders,
  useSendOrder,
} from '@web/lib/orders-api';
import { useSession } from '@web/lib/session';
import { toast } from '@web/lib/toast';
import { useState } from 'react';

const STATUS_CLASS: Record<OrderStatus, string> = {
  sent: 'bg-amber-100 text-amber-900',
  opened: 'bg-sky-100 text-sky-900',
  signed: 'bg-green-100 text-green-900',
  expired: 'bg-slate-200 text-slate-800',
  revoked: 'bg-red-100 text-red-900',
};

function OrderItem({
  order,
  onSent,
  onCorrect,
}: {
  order: Order;
  onSent: (sent: SentOrder) => void;
  onCorrect: (order: Order) => void;
}) {
  const send = useSendOrder();
  const { user } = useSession();
  const resendable = order.status !== 'signed' && order.status !== 'revoked';
  return (
    <li className="flex flex-col gap-1 rounded-lg border border-slate-200 p-3" data-testid="order-item">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{order.clientName}</span>
        <span
          className={`rounded-full px-2 text-sm font-semibold ${STATUS_CLASS[order.status]}`}
          data-testid="order-status"
        >
          {order.sentAt || order.status !== 'sent' ? ORDER_STATUS_LABELS[order.status] : orders.notSentYet}
        </span>
        {order.replacesOrderId && <span className="text-sm text-slate-700">{orders.replaces}</span>}
      </div>
      <p className="text-sm text-slate-700">{order.properties.map((p) => p.address).join(' · ')}</p>
      <p className="text-sm text-slate-700">
        {order.signedAt
          ? orders.signedOn(formatDate(order.signedAt))
          : order.sentAt
            ? orders.sentOn(formatDate(order.sentAt))
            : ''}
      </p>
      {resendable && (
        <Button
          variant="secondary"
          className="self-start"
          disabled={send.isPending}
          onClick={() =>
            send.mutate(order._id, {
              onSuccess: onSent,
              onError: (err) => !isSessionEnd(err) && toast.error(orders.send.failed),
            })
          }
        >
          {orders.sendAgain}
        </Button>
      )}
      {order.status === 'signed' && (
        <Button
          variant="secondary"
          className="self-start"
          aria-label={orders.correctLabel(order.clientName)}
          onClick={() => onCorrect(order)}
        >
          {orders.correct}
        </Button>
      )}
      {user?.role === 'admin' && order.status !== 'revoked' && <OrderRevoke orderId={order._id} />}
    </li>
  );
}

/** 'הזמנת שירותי תיווך' on a lead or a property: its orders and their state, a new order, the send step. */
export function OrdersSection({ source }: { source: OrderSource }) {
  const list = useOrders(source);
  const [creating, setCreating] = useState(false);
  // A correction is a new order filled in from the signed one it replaces (the API's replacesOrderId).
  const [correcting, setCorrecting] = useState<Order | null>(null);
  const [sent, setSent] = useState<SentOrder | null>(null);
  const draft = useOrderDraft(source, creating || correcting !== null);
  const onSent = (result: SentOrder) => {
    setCreating(false);
    setCorrecting(null);
    setSent(result);
  };
  const close = () => {
    setCreating(false);
    setCorrecting(null);
  };
  const startCorrection = (order: Order) => {
    setSent(null);
    setCorrecting(order);
  };
  return (
    <div className="flex flex-col gap-3" data-testid="orders-section">
      {list.isPending ? (
        <p role="status">{orders.loading}</p>
      ) : list.isError ? (
        <p role="alert">{orders.loadFailure}</p>
      ) : list.data.length === 0 ? (
        <p className="text-slate-700">{orders.none}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {list.data.map((order) => (
            <OrderItem key={order._id} order={order} onSent={onSent} onCorrect={startCorrection} />
          ))}
        </ul>
      )}
      {sent && <OrderSendStep sent={sent} onDone={() => setSent(null)} />}
      {creating || correcting ? (
        draft.isPending ? (
          <p role="status">{orders.loading}</p>
        ) : draft.isError ? (
          <p role="alert">{orders.loadFailure}</p>
        ) : (
          <OrderForm
            key={correcting?._id ?? 'new'}
            draft={draft.data}
            replaces={correcting ?? undefined}
            onSent={onSent}
            onCancel={close}
          />
        )
      ) : (
        !sent && (
          <Button className="self-start" onClick={() => setCreating(true)}>
            {orders.newOrder}
          </Button>
        )
      )}
    </div>
  );
}

/**
 * The section with its heading, for the staff property view: loaded lazily as a whole, so a visitor's property
 * page carries none of its code or texts.
 */
export function OrdersPanel({ source }: { source: OrderSource }) {
  return (
    <section
      aria-labelledby="orders-title"
      className="mt-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="orders-title" className="mb-3 text-xl font-bold">
        {orders.title}
      </h2>
      <OrdersSection source={source} />
    </section>
  );
}

import { WhatsappIcon } from '@web/components/brand-icons';
import { Button, buttonClass } from '@web/components/button';
import { QrCode } from '@web/components/qr-code';
import { orders } from '@web/i18n/orders';
import type { SentOrder } from '@web/lib/orders-api';
import { toast } from '@web/lib/toast';
import { useId } from 'react';

const t = orders.send;

/** After sending: the WhatsApp message from the agent's own phone, the link to copy, and a QR to scan. */
export function OrderSendStep({ sent, onDone }: { sent: SentOrder; onDone: () => void }) {
  const linkId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(sent.link);
      toast.success(t.copied);
    } catch {
      toast.error(t.copyFailed);
    }
  };
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4"
      data-testid="order-send-step"
    >
      <h3 className="text-lg font-bold text-brand-900">{t.title}</h3>
      <p className="text-slate-700">{t.intro}</p>
      {sent.smsSent && <p className="text-slate-700">{t.sms}</p>}
      <a
        href={sent.whatsappUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center justify-center gap-2 rounded-lg bg-green-700 px-4 py-2 font-medium text-white hover:bg-green-800"
      >
        <WhatsappIcon size={20} /> {t.whatsapp}
      </a>
      <label htmlFor={linkId} className="font-medium">
        {t.link}
      </label>
      <input
        id={linkId}
        readOnly
        dir="ltr"
        value={sent.link}
        data-testid="order-link"
        className="w-full rounded-lg border border-slate-400 bg-white p-2 text-sm"
        onFocus={(e) => e.currentTarget.select()}
      />
      <button type="button" className={buttonClass('secondary')} onClick={copy}>
        {t.copy}
      </button>
      <div className="flex justify-center">
        <QrCode text={sent.link} label={t.qr} />
      </div>
      <Button variant="secondary" onClick={onDone}>
        {t.done}
      </Button>
    </div>
  );
}

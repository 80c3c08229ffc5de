import { WhatsappIcon } from '@web/components/brand-icons';
import { Button, buttonClass } from '@web/components/button';
import { FormField } from '@web/components/form-field';
import { reports as heReports } from '@web/i18n/reports';

import { toast } from '@web/lib/toast';

const t = heReports.share;

/** https://wa.me/?text=… : WhatsApp lets the sender choose the chat. */
export const whatsappShareLink = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;

/** A freshly created link: shown once (only its hash is stored), with copy and WhatsApp buttons. */
export function ShareLink({ url, address }: { url: string; address: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t.copied);
    } catch {
      toast.error(t.copyFailed);
    }
  };
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-green-300 bg-green-50 p-4">
      <FormField label={t.link} readOnly dir="ltr" value={url} onFocus={(e) => e.currentTarget.select()} />
      <p className="text-sm text-slate-700">{t.onlyOnce}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={copy}>
          {t.copy}
        </Button>
        <a
          href={whatsappShareLink(t.whatsappText(address) + url)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('secondary')}
        >
          <WhatsappIcon />
          {t.whatsapp}
        </a>
      </div>
    </div>
  );
}

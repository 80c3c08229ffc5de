import { ACTIVITY_KIND_LABELS } from '@shared/domain/activities';
import { pipeline } from '@web/i18n/pipeline';
import { toast } from '@web/lib/toast';
import { MessageCircle, Phone } from 'lucide-react';
import { telHref, whatsappHref } from './format';
import { useLogActivity } from './pipeline-api';
import { showError } from './show-error';

const t = pipeline;
const actionClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg border px-3 py-1 text-sm font-medium';

/**
 * One tap from a call or a WhatsApp message: the call opens the dialler, WhatsApp opens the chat and both log the
 * activity on the lead at once (a tap is the work: a call that did not happen is deleted from the timeline).
 */
export function ContactActions({
  leadId,
  name,
  phone,
  compact = false,
}: {
  leadId: string;
  name: string;
  phone: string;
  compact?: boolean;
}) {
  const log = useLogActivity();
  const record = (kind: 'call' | 'whatsapp') =>
    log.mutate(
      { leadId, body: { kind } },
      {
        onSuccess: () => toast.success(t.log.logged(ACTIVITY_KIND_LABELS[kind])),
        onError: (err) => showError(err, t.log.failed),
      },
    );
  return (
    <span className="inline-flex flex-wrap gap-2">
      <a
        href={telHref(phone)}
        aria-label={t.common.call(name)}
        onClick={() => record('call')}
        className={`${actionClass} border-brand-700 bg-white text-brand-800 hover:bg-brand-50`}
      >
        <Phone aria-hidden="true" size={16} />
        {!compact && <span>{t.log.callLabel}</span>}
      </a>
      <a
        href={whatsappHref(phone)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t.common.whatsapp(name)}
        onClick={() => record('whatsapp')}
        className={`${actionClass} border-green-800 bg-white text-green-900 hover:bg-green-50`}
      >
        <MessageCircle aria-hidden="true" size={16} />
        {!compact && <span>{t.log.whatsappLabel}</span>}
      </a>
    </span>
  );
}

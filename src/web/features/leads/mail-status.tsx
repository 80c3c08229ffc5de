import type { LeadItem } from '@shared/schemas/leads';
import { he } from '@web/i18n/he';
import { ApiError, isSessionEnd } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useResendMail } from './api';

const t = he.publicSite.leads;
const TONES = {
  pending: 'bg-amber-100 text-amber-900',
  sent: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
  held: 'bg-slate-200 text-slate-800',
  none: 'bg-slate-200 text-slate-800',
} as const;

/** The delivery state of the office e-mail about one lead, with the last error as a tooltip. */
export function MailStatus({ mail }: { mail: LeadItem['mail'] }) {
  const status = mail?.status ?? 'none';
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span
        className={`inline-block rounded-full px-2 py-0.5 text-sm font-medium ${TONES[status]}`}
        title={mail?.lastError ?? undefined}
      >
        {t.mailStatus[status]}
        {mail && mail.attempts > 1 && <span className="ms-1 text-xs">({t.attempts(mail.attempts)})</span>}
      </span>
      {mail?.status === 'failed' && <ResendButton mailId={mail.id} />}
    </span>
  );
}

/** After the last automatic attempt the admin decides: one click queues the mail again. */
function ResendButton({ mailId }: { mailId: string }) {
  const resend = useResendMail();
  return (
    <button
      type="button"
      className="rounded-lg border border-brand-700 px-2 py-0.5 text-sm font-medium text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-slate-500"
      disabled={resend.isPending}
      onClick={() =>
        resend.mutate(mailId, {
          onSuccess: () => toast.success(t.resent),
          onError: (err) =>
            isSessionEnd(err) || toast.error(err instanceof ApiError ? err.message : t.resendFailed),
        })
      }
    >
      {t.resend}
    </button>
  );
}

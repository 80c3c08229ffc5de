import type { LeadItem } from '@shared/schemas/leads';
import { he } from '@web/i18n/he';

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
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-sm font-medium ${TONES[status]}`}
      title={mail?.lastError ?? undefined}
    >
      {t.mailStatus[status]}
      {mail && mail.attempts > 1 && <span className="ms-1 text-xs">({t.attempts(mail.attempts)})</span>}
    </span>
  );
}

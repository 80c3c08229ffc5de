import type { ReportShare } from '@shared/schemas/report-share';
import { Button } from '@web/components/button';
import { ScrollRegion, stickyColumn } from '@web/components/scroll-region';
import { reports as heReports } from '@web/i18n/reports';
import { isSessionEnd } from '@web/lib/api-client';
import { formatDate } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { useRevokeShare, useShares } from './api';

const t = heReports.share;
const cell = 'border-b border-slate-200 px-3 py-2 text-start';
const STATE_CLASS: Record<ReportShare['state'], string> = {
  active: 'text-green-800',
  expired: 'text-slate-600',
  revoked: 'text-red-800',
};

/** The agent's existing links, newest first; active ones can be revoked. */
export function ShareList({ agentId }: { agentId: string }) {
  const shares = useShares(agentId);
  const revoke = useRevokeShare(agentId);
  if (!shares.data) return null;
  if (shares.data.length === 0) return <p className="text-slate-600">{t.none}</p>;
  const onRevoke = (id: string) =>
    revoke.mutate(id, {
      onSuccess: () => toast.success(t.revoked),
      onError: (err) => isSessionEnd(err) || toast.error(t.revokeFailed),
    });
  return (
    <ScrollRegion label={t.existing} className="relative">
      <table className="w-full min-w-[32rem] border-collapse text-sm">
        <caption className="mb-2 text-start font-semibold text-brand-900">
          <span className="sticky start-0 inline-block">{t.existing}</span>
        </caption>
        <thead className="bg-brand-50 text-brand-900">
          <tr>
            <th scope="col" className={`${cell} ${stickyColumn('bg-brand-50')}`}>
              {heReports.property}
            </th>
            <th scope="col" className={cell}>
              {t.period}
            </th>
            <th scope="col" className={cell}>
              {t.expires}
            </th>
            <th scope="col" className={cell}>
              {t.state}
            </th>
            <th scope="col" className={cell}>
              <span className="sr-only">{t.revoke}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {shares.data.map((s) => (
            <tr key={s._id}>
              <td className={`${cell} ${stickyColumn()}`}>{s.address}</td>
              <td className={cell}>
                {formatDate(s.from)} – {formatDate(s.to)}
              </td>
              <td className={cell}>{formatDate(new Date(s.expiresAt))}</td>
              <td className={`${cell} font-medium ${STATE_CLASS[s.state]}`}>{t.states[s.state]}</td>
              <td className={cell}>
                {s.state === 'active' && (
                  <Button
                    variant="danger"
                    className="px-3 py-1 text-sm"
                    disabled={revoke.isPending}
                    aria-label={`${t.revoke}: ${s.address}`}
                    onClick={() => onRevoke(s._id)}
                  >
                    {t.revoke}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

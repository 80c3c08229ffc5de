import type { BackupsList } from '@shared/schemas/backups';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, buttonClass } from '@web/components/button';
import { admin as heAdmin } from '@web/i18n/admin';
import { he } from '@web/i18n/he';
import { ApiError, apiRequest, isSessionEnd } from '@web/lib/api-client';
import { formatDate } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { useId } from 'react';

const t = heAdmin.settings.backups;

const backupsQuery = queryOptions({
  queryKey: ['backups'],
  queryFn: () => apiRequest<{ data: BackupsList }>('/backups').then((r) => r.data),
  staleTime: 0,
});

const time = new Intl.DateTimeFormat('he-IL', {
  timeZone: 'Asia/Jerusalem',
  hour: '2-digit',
  minute: '2-digit',
});
const megabytes = (bytes: number) =>
  (bytes / 1024 / 1024).toLocaleString('he-IL', { maximumFractionDigits: 1 });

/** The embedded database's backups: when the last one was taken, download it, or take one now. */
export function BackupSection() {
  const titleId = useId();
  const queryClient = useQueryClient();
  const backups = useQuery(backupsQuery);
  const create = useMutation({
    mutationFn: () => apiRequest('/backups', { method: 'POST' }),
    onSuccess: () => toast.success(t.created),
    onError: (err) =>
      isSessionEnd(err) || toast.error(err instanceof ApiError ? err.message : t.createFailed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupsQuery.queryKey }),
  });
  const latest = backups.data?.backups[0];
  return (
    <section aria-labelledby={titleId} className="rounded-2xl bg-white p-6 shadow-sm">
      <h2 id={titleId} className="mb-4 text-xl font-bold text-brand-900">
        {t.title}
      </h2>
      {backups.isPending ? (
        <p>{he.common.loading}</p>
      ) : backups.isError ? (
        <p>{he.common.generalError}</p>
      ) : !backups.data.embedded ? (
        <p>{t.notEmbedded}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <p>
            {latest
              ? t.latest(
                  `${formatDate(new Date(latest.createdAt))} ${time.format(new Date(latest.createdAt))}`,
                  megabytes(latest.size),
                )
              : t.none}
          </p>
          <p className="text-sm text-slate-600">{t.schedule}</p>
          <div className="flex flex-wrap gap-3">
            {latest && (
              <a href="/api/v1/backups/latest" download={latest.name} className={buttonClass('secondary')}>
                {t.download}
              </a>
            )}
            <Button variant="secondary" disabled={create.isPending} onClick={() => create.mutate()}>
              {create.isPending ? t.creating : t.create}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}

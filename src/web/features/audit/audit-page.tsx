import { AUDIT_ENTITIES, type AuditEntity } from '@shared/schemas/audit';
import { Button } from '@web/components/button';
import { Page } from '@web/components/page';
import { SelectField } from '@web/components/select-field';
import { StatusMessage } from '@web/components/status-message';
import { admin as heAdmin } from '@web/i18n/admin';
import { he } from '@web/i18n/he';
import { useEveryone } from '@web/lib/users';
import { useState } from 'react';
import { type AuditFilters, useAudit } from './api';
import { AuditEntryRow } from './audit-entry';

const t = heAdmin.audit;

/** Admin: the audit log, newest first, filtered by who made the change and what it changed. */
export function AuditPage() {
  const [filters, setFilters] = useState<AuditFilters>({ page: 1 });
  const audit = useAudit(filters);
  const users = useEveryone();
  const pages = audit.data ? Math.max(1, Math.ceil(audit.data.total / audit.data.pageSize)) : 1;

  return (
    <Page title={t.title} wide>
      <div className="mb-6 grid max-w-2xl gap-4 sm:grid-cols-2">
        <SelectField
          label={t.user}
          value={filters.actorId ?? ''}
          onChange={(e) => setFilters({ ...filters, actorId: e.target.value || undefined, page: 1 })}
          options={[
            { value: '', label: t.all },
            ...(users.data ?? []).map((u) => ({ value: u._id, label: u.name })),
          ]}
        />
        <SelectField
          label={t.entity}
          value={filters.entity ?? ''}
          onChange={(e) =>
            setFilters({
              ...filters,
              entity: (e.target.value || undefined) as AuditEntity | undefined,
              page: 1,
            })
          }
          options={[
            { value: '', label: t.all },
            ...AUDIT_ENTITIES.map((e) => ({ value: e, label: t.entities[e] ?? e })),
          ]}
        />
      </div>
      {audit.isPending ? (
        <StatusMessage busy>{he.common.loading}</StatusMessage>
      ) : audit.isError ? (
        <StatusMessage>{he.common.generalError}</StatusMessage>
      ) : audit.data.data.length === 0 ? (
        <StatusMessage>{t.none}</StatusMessage>
      ) : (
        <>
          <ol className="flex flex-col gap-3">
            {audit.data.data.map((entry) => (
              <AuditEntryRow key={entry._id} entry={entry} names={audit.data.names} />
            ))}
          </ol>
          <nav aria-label={t.title} className="mt-6 flex items-center justify-center gap-4">
            <Button
              variant="secondary"
              disabled={filters.page <= 1}
              onClick={() => setFilters({ ...filters, page: filters.page - 1 })}
            >
              {t.prev}
            </Button>
            <span>{t.page(filters.page, pages)}</span>
            <Button
              variant="secondary"
              disabled={filters.page >= pages}
              onClick={() => setFilters({ ...filters, page: filters.page + 1 })}
            >
              {t.next}
            </Button>
          </nav>
        </>
      )}
    </Page>
  );
}

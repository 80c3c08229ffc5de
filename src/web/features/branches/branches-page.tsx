import { hasNetworkAccess } from '@shared/domain/branch-scope';
import type { Branch } from '@shared/schemas/branch';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Page } from '@web/components/page';
import { StatusMessage } from '@web/components/status-message';
import { branches as t } from '@web/i18n/branches';
import { ApiError, isSessionEnd } from '@web/lib/api-client';
import { useBranches } from '@web/lib/branches';
import { useSession } from '@web/lib/session';
import { toast } from '@web/lib/toast';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useCreateBranch, useUpdateBranch } from './api';
import { BranchCard } from './branch-card';
import { BranchForm, type BranchFormOutput } from './branch-form';
import { CloseBranchDialog } from './close-branch-dialog';

type Editing = { mode: 'create' } | { mode: 'edit'; branch: Branch } | null;

/**
 * /Branches (admins): a network admin sees every branch, adds, edits, closes and reopens them; a branch
 * manager sees her own branch, read-only (the server lists only what the session may see).
 */
export function BranchesPage() {
  const { user } = useSession();
  const network = user ? hasNetworkAccess(user) : false;
  const list = useBranches();
  const create = useCreateBranch();
  const update = useUpdateBranch();
  const [editing, setEditing] = useState<Editing>(null);
  /** A closed branch to reopen (a plain confirmation). */
  const [confirming, setConfirming] = useState<Branch>();
  /** An open branch to close: the close flow moves what it holds (CloseBranchDialog). */
  const [closing, setClosing] = useState<Branch>();
  const [refusal, setRefusal] = useState<{ id: string; message: string }>();

  const onSubmit = async (values: BranchFormOutput) => {
    if (editing?.mode === 'edit') {
      await update.mutateAsync({ id: editing.branch._id, body: values });
      toast.success(t.saved);
    } else {
      await create.mutateAsync(values);
      toast.success(t.created);
    }
    setEditing(null);
  };

  const reopen = () => {
    if (!confirming) return;
    const branch = confirming;
    setRefusal(undefined);
    update.mutate(
      { id: branch._id, body: { active: true } },
      {
        onSuccess: () => toast.success(t.reopened),
        onError: (err) => {
          if (isSessionEnd(err)) return;
          setRefusal({ id: branch._id, message: err instanceof ApiError ? err.message : t.saveFailed });
        },
        onSettled: () => setConfirming(undefined),
      },
    );
  };

  const branches = list.data ?? [];
  return (
    <Page title={network ? t.title : t.ownTitle} wide>
      {network &&
        (editing ? (
          <section aria-labelledby="branch-form-title" className="mb-8 rounded-2xl bg-white p-6 shadow-sm">
            <h2 id="branch-form-title" className="mb-4 text-xl font-bold text-brand-900">
              {editing.mode === 'edit' ? t.editTitle(editing.branch.name) : t.createTitle}
            </h2>
            <BranchForm
              key={editing.mode === 'edit' ? editing.branch._id : 'new'}
              branch={editing.mode === 'edit' ? editing.branch : undefined}
              busy={create.isPending || update.isPending}
              onSubmit={onSubmit}
              onCancel={() => setEditing(null)}
            />
          </section>
        ) : (
          <div className="mb-6 flex justify-end">
            <Button onClick={() => setEditing({ mode: 'create' })}>
              <Plus aria-hidden="true" size={18} />
              {t.add}
            </Button>
          </div>
        ))}
      {!network && <p className="mb-4 text-slate-700">{t.readOnly}</p>}
      {list.isPending ? (
        <StatusMessage busy>{t.loading}</StatusMessage>
      ) : list.isError ? (
        <StatusMessage>{t.loadFailure}</StatusMessage>
      ) : branches.length === 0 ? (
        <StatusMessage>{t.none}</StatusMessage>
      ) : (
        <>
          {network && (
            <p role="status" className="mb-3 text-slate-700">
              {t.count(branches.length)}
            </p>
          )}
          <ul aria-label={t.title} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {branches.map((branch) => (
              <BranchCard
                key={branch._id}
                branch={branch}
                manage={network}
                refusal={refusal?.id === branch._id ? refusal.message : undefined}
                onEdit={() => {
                  setRefusal(undefined);
                  setEditing({ mode: 'edit', branch });
                  window.scrollTo({ top: 0, behavior: 'smooth' });
                }}
                onToggleActive={() => {
                  setRefusal(undefined);
                  if (branch.active) setClosing(branch);
                  else setConfirming(branch);
                }}
              />
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={Boolean(confirming)}
        message={confirming ? t.confirmReopen(confirming.name) : ''}
        confirmLabel={t.reopen}
        busy={update.isPending}
        onConfirm={reopen}
        onCancel={() => setConfirming(undefined)}
      />
      {network && (
        <CloseBranchDialog branch={closing} branches={branches} onClose={() => setClosing(undefined)} />
      )}
    </Page>
  );
}

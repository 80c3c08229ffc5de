import { hasNetworkAccess } from '@shared/domain/branch-scope';
import type { User } from '@shared/schemas/user';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { FormField } from '@web/components/form-field';
import { Page } from '@web/components/page';
import { StatusMessage } from '@web/components/status-message';
import { admin as heAdmin } from '@web/i18n/admin';
import { he } from '@web/i18n/he';
import { ApiError, isSessionEnd } from '@web/lib/api-client';
import { useBranches } from '@web/lib/branches';
import { useSession } from '@web/lib/session';
import { toast } from '@web/lib/toast';
import { useEveryone } from '@web/lib/users';
import { UserPlus } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useCreateUser, useSetUserActive, useUpdateUser } from './api';
import { GeneratedPassword } from './generated-password';
import { UserCard } from './user-card';
import { UserForm, type UserFormOutput } from './user-form';

const t = heAdmin.users;

type Editing = { mode: 'create' } | { mode: 'edit'; user: User } | null;

const matches = (user: User, query: string) => {
  const q = query.trim().toLowerCase();
  return !q || user.name.toLowerCase().includes(q) || user.email.toLowerCase().includes(q);
};

/** Admin: every user (active and inactive), create, edit, deactivate and reactivate. */
export function UsersPage() {
  const { user: me, signIn } = useSession();
  const users = useEveryone();
  // A network admin places people in branches; a branch manager's go to her branch (the server's rule).
  const network = me ? hasNetworkAccess(me) : false;
  const branches = useBranches(network);
  const create = useCreateUser();
  const update = useUpdateUser();
  const setActive = useSetUserActive();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const [editing, setEditing] = useState<Editing>(null);
  const [generated, setGenerated] = useState<{ email: string; password: string }>();
  const [confirming, setConfirming] = useState<User>();

  const onSubmit = async (values: UserFormOutput) => {
    const { password, ...fields } = values;
    const body = { ...fields, ...(password ? { password } : {}) };
    if (editing?.mode === 'edit') {
      const updated = await update.mutateAsync({ id: editing.user._id, body });
      // An admin editing itself: the navbar and profile read the session's copy.
      if (updated._id === me?._id) signIn(updated);
    } else {
      const result = await create.mutateAsync(body as typeof body & { password?: string });
      if (result.generatedPassword)
        setGenerated({ email: result.user.email, password: result.generatedPassword });
      toast.success(t.created(result.user.gender));
    }
    if (editing?.mode === 'edit') toast.success(heAdmin.common.saved);
    setEditing(null);
  };

  const toggle = () => {
    if (!confirming) return;
    const active = !confirming.active;
    setActive.mutate(
      { id: confirming._id, active },
      {
        onSuccess: () => toast.success((active ? t.activated : t.deactivated)(confirming.gender)),
        onError: (err) =>
          isSessionEnd(err) || toast.error(err instanceof ApiError ? err.message : heAdmin.common.saveFailed),
        onSettled: () => setConfirming(undefined),
      },
    );
  };

  const list = (users.data ?? []).filter((u) => matches(u, query));
  return (
    <Page title={t.title} wide>
      {generated && <GeneratedPassword {...generated} onClose={() => setGenerated(undefined)} />}
      {editing ? (
        <section aria-labelledby="user-form-title" className="mb-8 rounded-2xl bg-white p-6 shadow-sm">
          <h2 id="user-form-title" className="mb-4 text-xl font-bold text-brand-900">
            {editing.mode === 'edit' ? t.editTitle(editing.user.name) : t.createTitle}
          </h2>
          {network && branches.isPending ? (
            // The branch picker needs its choices before the form takes its values.
            <StatusMessage busy>{he.common.loading}</StatusMessage>
          ) : (
            <UserForm
              key={editing.mode === 'edit' ? editing.user._id : 'new'}
              user={editing.mode === 'edit' ? editing.user : undefined}
              isSelf={editing.mode === 'edit' && editing.user._id === me?._id}
              placement={
                network ? { branches: branches.data ?? [], defaultBranchId: me?.branch._id } : undefined
              }
              busy={create.isPending || update.isPending}
              onSubmit={onSubmit}
              onCancel={() => setEditing(null)}
            />
          )}
        </section>
      ) : (
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <div className="w-full max-w-sm">
            <FormField
              label={t.search}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <Button onClick={() => setEditing({ mode: 'create' })}>
            <UserPlus aria-hidden="true" size={18} />
            {t.add}
          </Button>
        </div>
      )}
      {users.isPending ? (
        <StatusMessage busy>{he.common.loading}</StatusMessage>
      ) : users.isError ? (
        <StatusMessage>{he.common.generalError}</StatusMessage>
      ) : (
        <>
          <p role="status" className="mb-3 text-slate-700">
            {list.length ? t.count(list.length) : t.none}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {list.map((u) => (
              <UserCard
                key={u._id}
                user={u}
                isSelf={u._id === me?._id}
                onEdit={() => {
                  setEditing({ mode: 'edit', user: u });
                  window.scrollTo({ top: 0, behavior: 'smooth' });
                }}
                onToggleActive={() => setConfirming(u)}
              />
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={Boolean(confirming)}
        message={
          confirming
            ? confirming.active
              ? t.confirmDeactivate(confirming.name, confirming.gender)
              : t.confirmActivate(confirming.name)
            : ''
        }
        confirmLabel={confirming?.active ? t.deactivate : t.activate}
        danger={confirming?.active}
        busy={setActive.isPending}
        onConfirm={toggle}
        onCancel={() => setConfirming(undefined)}
      />
    </Page>
  );
}

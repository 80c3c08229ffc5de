import { companyRoleTitle, roleLabel } from '@shared/domain/roles';
import type { User } from '@shared/schemas/user';
import { Avatar } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { admin as heAdmin } from '@web/i18n/admin';
import { branches as heBranches } from '@web/i18n/branches';

const t = heAdmin.users;

type Props = { user: User; isSelf: boolean; onEdit: () => void; onToggleActive: () => void };

/** One user in the admin list: photo, contact details, role, status and its actions. */
export function UserCard({ user, isSelf, onEdit, onToggleActive }: Props) {
  return (
    <li
      data-testid="user-card"
      className={`flex flex-col gap-3 rounded-xl p-4 shadow-sm ${
        user.active ? 'bg-white' : 'border border-dashed border-slate-400 bg-slate-100'
      }`}
    >
      <div className="flex items-center gap-3">
        <Avatar src={user.image} alt={t.imageAlt(user.name)} size={56} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-lg font-semibold text-brand-900">{user.name}</h2>
          <p className="text-sm text-slate-600">
            {roleLabel(user.role, user.gender)}
            {user.companyRole ? ` · ${companyRoleTitle(user.companyRole, user.gender)}` : ''}
          </p>
        </div>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
            user.active ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'
          }`}
        >
          {user.active ? t.active(user.gender) : t.inactive(user.gender)}
        </span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
        <dt className="text-slate-600">{t.email}</dt>
        <dd className="truncate">
          <bdi dir="ltr">{user.email}</bdi>
        </dd>
        <dt className="text-slate-600">{t.phone}</dt>
        <dd>
          <bdi dir="ltr">{user.phone_number}</bdi>
        </dd>
        <dt className="text-slate-600">{heBranches.branch}</dt>
        <dd data-testid="user-branch">
          {user.branch.name}
          {user.networkAccess ? ` · ${heBranches.networkRole}` : ''}
        </dd>
      </dl>
      <div className="mt-auto flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onEdit} aria-label={`${t.edit} ${user.name}`}>
          {t.edit}
        </Button>
        {!isSelf && (
          <Button
            variant={user.active ? 'danger' : 'primary'}
            onClick={onToggleActive}
            aria-label={`${user.active ? t.deactivate : t.activate} ${user.name}`}
          >
            {user.active ? t.deactivate : t.activate}
          </Button>
        )}
      </div>
    </li>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { GENDERS, type Gender } from '@shared/domain/gender';
import { COMPANY_ROLE_TITLES, ROLES, roleLabel, shownOnSiteByDefault } from '@shared/domain/roles';
import { isSameAsEmail, newPasswordSchema, PASSWORD_MESSAGES, userFields } from '@shared/schemas/account';
import type { Branch } from '@shared/schemas/branch';
import { GENDER_REQUIRED, type User } from '@shared/schemas/user';
import { Avatar } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { CheckboxField } from '@web/components/checkbox-field';
import { FileUploadButton } from '@web/components/file-upload-button';
import { FormField } from '@web/components/form-field';
import { SelectField } from '@web/components/select-field';
import { TextAreaField } from '@web/components/text-area-field';
import { admin as heAdmin } from '@web/i18n/admin';
import { branches as heBranches } from '@web/i18n/branches';
import { ApiError } from '@web/lib/api-client';
import { uploadUserImage } from '@web/lib/uploads';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

const t = heAdmin.users;

const formSchema = z
  .object({
    ...userFields,
    companyRole: z.string().trim().max(80),
    // Not the shared enum: its refusal would stop the form's other checks, so every field shows its message at once.
    gender: z
      .enum(['', ...GENDERS])
      .refine((v) => v !== '', { error: GENDER_REQUIRED })
      .transform((v) => v as Gender),
    password: z.union([z.literal(''), newPasswordSchema]),
    /** Read only when a network admin places the user (see `placement`). */
    branchId: z.string(),
    networkAccess: z.boolean(),
    showOnSite: z.boolean(),
    showPhone: z.boolean(),
  })
  .refine((v) => !v.password || !isSameAsEmail(v.password, v.email), {
    path: ['password'],
    error: PASSWORD_MESSAGES.sameAsEmail,
  });
type UserFormValues = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
/** What the form sends: the placement only when a network admin chose it (a branch manager's go to her branch). */
export type UserFormOutput = Omit<FormOutput, 'branchId' | 'networkAccess'> & {
  branchId?: string;
  networkAccess?: boolean;
};

const toValues = (user?: User, newUserBranch = ''): UserFormValues => ({
  name: user?.name ?? '',
  email: user?.email ?? '',
  phone_number: user?.phone_number ?? '',
  role: user?.role ?? 'agent',
  // A new user's gender is chosen, never assumed: every greeting and title follows it.
  gender: user?.gender ?? '',
  companyRole: user?.companyRole ?? '',
  aboutMe: user?.aboutMe ?? '',
  image: user?.image ?? null,
  password: '',
  branchId: user?.branch._id ?? newUserBranch,
  networkAccess: user?.networkAccess ?? false,
  // A new person starts as the server would place them: shown when doing agent work (kept in step below).
  showOnSite: user?.showOnSite ?? true,
  showPhone: user?.showPhone ?? true,
});

/** The open branches, and the user's own even when it has closed since (shown as it is, kept unless changed). */
function branchOptions(branches: Branch[], user?: User) {
  const open = branches.filter((b) => b.active).map((b) => ({ value: b._id, label: b.name }));
  if (!user || open.some((o) => o.value === user.branch._id)) return open;
  const closed = branches.some((b) => b._id === user.branch._id && !b.active);
  const label = closed ? `${user.branch.name} (${heBranches.closed})` : user.branch.name;
  return [{ value: user.branch._id, label }, ...open];
}

/** The branch a new user starts in: the given default when it is open, else none (the admin chooses). */
const newUserBranch = (placement?: Props['placement']) =>
  placement?.branches.find((b) => b.active && b._id === placement.defaultBranchId)?._id ?? '';

type Props = {
  user?: User;
  /** The signed-in admin's own account: its role is shown, not editable (another admin changes it). */
  isSelf?: boolean;
  /**
   * A network admin places the user: the branches she may choose (the open ones) and network access for an
   * admin. Without it (a branch manager) the form has neither: the server keeps people in her branch.
   */
  placement?: {
    branches: Branch[];
    /** Where a new user starts (the admin's own branch, as the server would place them), when it is open. */
    defaultBranchId?: string;
  };
  busy: boolean;
  onSubmit: (values: UserFormOutput) => Promise<unknown>;
  onCancel: () => void;
};

/** Create or edit a user: every field, the photo through the image pipeline, an optional password. */
export function UserForm({ user, isSelf = false, placement, busy, onSubmit, onCancel }: Props) {
  const listId = useId();
  const ownRoleId = useId();
  const networkHintId = useId();
  const showOnSiteHintId = useId();
  const showPhoneHintId = useId();
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    setError,
    formState: { errors, dirtyFields },
  } = useForm<UserFormValues, unknown, UserFormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: toValues(user, newUserBranch(placement)),
  });
  const image = watch('image');
  const name = watch('name');
  const gender = watch('gender') || null;
  const role = watch('role');
  const companyRole = watch('companyRole');
  // A new person's "shown on the site" follows the role and title until the admin sets it herself.
  const showOnSiteTouched = Boolean(dirtyFields.showOnSite);
  useEffect(() => {
    if (!user && !showOnSiteTouched) setValue('showOnSite', shownOnSiteByDefault({ role, companyRole }));
  }, [user, showOnSiteTouched, role, companyRole, setValue]);

  const submit = handleSubmit(async ({ branchId, networkAccess, ...values }) => {
    if (placement && !branchId) {
      setError('branchId', { message: heBranches.chooseBranchError }, { shouldFocus: true });
      return;
    }
    const placed = placement && {
      // An unchanged branch is not sent: a user may stay in a branch that has since closed.
      ...(branchId !== user?.branch._id ? { branchId } : {}),
      // Not one's own (as the role): another network admin changes it.
      ...(isSelf ? {} : { networkAccess: role === 'admin' && networkAccess }),
    };
    try {
      await onSubmit({ ...values, ...placed });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      for (const [field, message] of Object.entries(err.fieldErrors))
        setError(field as keyof UserFormValues, { message });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <FormField label={t.name} autoComplete="off" error={errors.name?.message} {...register('name')} />
      <FormField
        label={t.email}
        type="email"
        dir="ltr"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <FormField
        label={t.phone}
        type="tel"
        dir="ltr"
        error={errors.phone_number?.message}
        {...register('phone_number')}
      />
      <SelectField
        label={t.gender}
        required
        options={[
          ...(user ? [] : [{ value: '', label: t.chooseGender }]),
          { value: 'male', label: t.genders.male },
          { value: 'female', label: t.genders.female },
        ]}
        error={errors.gender?.message}
        {...register('gender')}
      />
      {isSelf && user?.role === 'admin' ? (
        <div className="flex flex-col gap-1">
          {/* Not registered: the form keeps the role it was given, and the server refuses a self-demotion anyway. */}
          <SelectField
            label={t.role}
            options={[{ value: 'admin', label: roleLabel('admin', gender) }]}
            value="admin"
            disabled
            aria-describedby={ownRoleId}
            error={errors.role?.message}
          />
          <p id={ownRoleId} className="text-sm text-slate-600">
            {t.ownRole}
          </p>
        </div>
      ) : (
        <SelectField
          label={t.role}
          options={ROLES.map((r) => ({ value: r, label: roleLabel(r, gender) }))}
          error={errors.role?.message}
          {...register('role')}
        />
      )}
      {placement && (
        <SelectField
          label={heBranches.branch}
          required
          options={[
            ...(user || newUserBranch(placement) ? [] : [{ value: '', label: heBranches.chooseBranch }]),
            ...branchOptions(placement.branches, user),
          ]}
          error={errors.branchId?.message}
          {...register('branchId')}
        />
      )}
      {placement && role === 'admin' && (
        <div className="flex flex-col gap-1 sm:col-span-2">
          <CheckboxField
            label={heBranches.networkAccess}
            disabled={isSelf}
            aria-describedby={networkHintId}
            {...register('networkAccess')}
          />
          <p id={networkHintId} className="text-sm text-slate-600">
            {isSelf ? heBranches.ownNetworkAccess : heBranches.networkAccessHint}
          </p>
        </div>
      )}
      <FormField
        label={t.companyRole}
        list={listId}
        error={errors.companyRole?.message}
        {...register('companyRole')}
      />
      <datalist id={listId}>
        {COMPANY_ROLE_TITLES.map((role) => (
          <option key={role} value={role} />
        ))}
      </datalist>
      <fieldset className="flex flex-col gap-1 sm:col-span-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">{t.publicSite}</legend>
        <CheckboxField
          label={t.showOnSite(name, gender)}
          aria-describedby={showOnSiteHintId}
          {...register('showOnSite')}
        />
        <p id={showOnSiteHintId} className="text-sm text-slate-600">
          {t.showOnSiteHint}
        </p>
        <CheckboxField
          label={t.showPhone(name, gender)}
          aria-describedby={showPhoneHintId}
          {...register('showPhone')}
        />
        <p id={showPhoneHintId} className="text-sm text-slate-600">
          {t.showPhoneHint}
        </p>
      </fieldset>
      <FormField
        label={user ? t.newPassword : t.password}
        type="password"
        dir="ltr"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="sm:col-span-2">
        <TextAreaField label={t.aboutMe} rows={3} error={errors.aboutMe?.message} {...register('aboutMe')} />
      </div>
      <fieldset className="flex flex-wrap items-center gap-4 sm:col-span-2">
        <legend className="mb-2 text-sm font-medium text-slate-700">{t.image}</legend>
        <Avatar src={image} alt={name ? t.imageAlt(name) : t.image} size={72} />
        <FileUploadButton
          label={heAdmin.common.chooseImage}
          accept="image/*"
          upload={uploadUserImage}
          onUploaded={(url) => setValue('image', url, { shouldDirty: true })}
        />
        {image && (
          <Button variant="secondary" onClick={() => setValue('image', null, { shouldDirty: true })}>
            {heAdmin.common.removeImage}
          </Button>
        )}
        {errors.image?.message && <p className="text-sm text-red-700">{errors.image.message}</p>}
      </fieldset>
      <div className="flex gap-3 sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? heAdmin.common.saving : heAdmin.common.save}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {heAdmin.common.cancel}
        </Button>
      </div>
    </form>
  );
}

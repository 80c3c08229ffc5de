import { zodResolver } from '@hookform/resolvers/zod';
import { type UpdateOwnAccountBody, updateOwnAccountBodySchema } from '@shared/schemas/account';
import type { User } from '@shared/schemas/user';
import { Avatar } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { CheckboxField } from '@web/components/checkbox-field';
import { FileUploadButton } from '@web/components/file-upload-button';
import { FormField } from '@web/components/form-field';
import { TextAreaField } from '@web/components/text-area-field';
import { admin as heAdmin } from '@web/i18n/admin';
import { ApiError, isSessionEnd } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { uploadUserImage } from '@web/lib/uploads';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useUpdateOwnAccount } from './account-api';

const t = heAdmin;

/** The user's own phone (and whether the public site shows it), photo and about text. */
export function OwnDetailsForm({ user }: { user: User }) {
  const update = useUpdateOwnAccount();
  const showPhoneHintId = useId();
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    setError,
    formState: { errors },
  } = useForm<UpdateOwnAccountBody>({
    resolver: zodResolver(updateOwnAccountBodySchema),
    defaultValues: {
      phone_number: user.phone_number,
      image: user.image,
      aboutMe: user.aboutMe,
      showPhone: user.showPhone,
    },
  });
  const image = watch('image');
  const submit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => toast.success(t.common.saved),
      onError: (err) => {
        if (err instanceof ApiError && err.status === 400)
          for (const [field, message] of Object.entries(err.fieldErrors))
            setError(field as keyof UpdateOwnAccountBody, { message });
        else if (!isSessionEnd(err)) toast.error(t.common.saveFailed);
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t.account.detailsTitle}>
      <div className="flex flex-wrap items-center gap-4">
        <Avatar src={image} alt={t.users.imageAlt(user.name)} size={72} />
        <FileUploadButton
          label={t.common.chooseImage}
          accept="image/*"
          upload={uploadUserImage}
          onUploaded={(url) => setValue('image', url, { shouldDirty: true })}
        />
      </div>
      <FormField
        label={t.users.phone}
        type="tel"
        dir="ltr"
        autoComplete="tel"
        error={errors.phone_number?.message}
        {...register('phone_number')}
      />
      <div className="flex flex-col gap-1">
        <CheckboxField
          label={t.users.showPhone(user.name, user.gender)}
          aria-describedby={showPhoneHintId}
          {...register('showPhone')}
        />
        <p id={showPhoneHintId} className="text-sm text-slate-600">
          {t.users.showPhoneHint}
        </p>
      </div>
      <TextAreaField
        label={t.users.aboutMe}
        rows={4}
        error={errors.aboutMe?.message}
        {...register('aboutMe')}
      />
      <Button type="submit" disabled={update.isPending} className="w-fit">
        {update.isPending ? t.common.saving : t.common.save}
      </Button>
    </form>
  );
}

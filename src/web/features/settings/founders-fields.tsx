import type { AgencySettings } from '@shared/schemas/settings';
import { Avatar } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { FileUploadButton } from '@web/components/file-upload-button';
import { FormField } from '@web/components/form-field';
import { TextAreaField } from '@web/components/text-area-field';
import { admin as heAdmin } from '@web/i18n/admin';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { uploadMedia } from './api';
import { Section } from './details-fields';

const t = heAdmin.settings;
const MAX_FOUNDERS = 2;

/** The two founders of the about page: name, phone, photo and text. */
export function FoundersFields() {
  const {
    control,
    register,
    setValue,
    watch,
    formState: { errors },
  } = useFormContext<AgencySettings>();
  const { fields, append, remove } = useFieldArray({ control, name: 'founders' });
  return (
    <Section title={t.founders}>
      {fields.map((field, i) => {
        const error = errors.founders?.[i];
        const image = watch(`founders.${i}.image`);
        const name = watch(`founders.${i}.name`);
        return (
          <fieldset key={field.id} className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4">
            <legend className="px-1 font-semibold text-brand-900">{t.founder(i + 1)}</legend>
            <FormField
              label={t.founderName}
              error={error?.name?.message}
              {...register(`founders.${i}.name`)}
            />
            <FormField
              label={t.founderPhone}
              type="tel"
              dir="ltr"
              error={error?.phone?.message}
              {...register(`founders.${i}.phone`)}
            />
            <TextAreaField
              label={t.founderText}
              rows={4}
              error={error?.text?.message}
              {...register(`founders.${i}.text`)}
            />
            <div className="flex flex-wrap items-center gap-3">
              <Avatar src={image || null} alt={heAdmin.users.imageAlt(name || t.founder(i + 1))} size={64} />
              <FileUploadButton
                label={`${t.founderImage}: ${heAdmin.common.chooseImage}`}
                accept="image/*"
                upload={uploadMedia('image')}
                onUploaded={(url) => setValue(`founders.${i}.image`, url, { shouldDirty: true })}
              />
            </div>
            {error?.image?.message && <p className="text-sm text-red-700">{error.image.message}</p>}
            <Button variant="secondary" className="w-fit" onClick={() => remove(i)}>
              {t.removeFounder(i + 1)}
            </Button>
          </fieldset>
        );
      })}
      {fields.length < MAX_FOUNDERS && (
        <Button
          variant="secondary"
          className="w-fit"
          onClick={() => append({ name: '', phone: '', image: '', text: '' })}
        >
          {t.addFounder}
        </Button>
      )}
    </Section>
  );
}

import type { AgencySettings } from '@shared/schemas/settings';
import { TextAreaField } from '@web/components/text-area-field';
import { admin as heAdmin } from '@web/i18n/admin';
import { useFormContext } from 'react-hook-form';
import { Section } from './details-fields';

const t = heAdmin.settings;

/** The texts of /privacy and /terms. */
export function LegalFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<AgencySettings>();
  const error = errors.legal;
  return (
    <Section title={t.legal}>
      <p className="text-sm text-slate-600 sm:col-span-2">{t.legalHint}</p>
      <div className="sm:col-span-2">
        <TextAreaField
          label={t.privacyText}
          rows={12}
          error={error?.privacy?.message}
          {...register('legal.privacy')}
        />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField
          label={t.termsText}
          rows={12}
          error={error?.terms?.message}
          {...register('legal.terms')}
        />
      </div>
    </Section>
  );
}

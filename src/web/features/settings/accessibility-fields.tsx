import type { AgencySettings } from '@shared/schemas/settings';
import { FormField } from '@web/components/form-field';
import { TextAreaField } from '@web/components/text-area-field';
import { admin as heAdmin } from '@web/i18n/admin';
import { useFormContext } from 'react-hook-form';
import { Section } from './details-fields';

const t = heAdmin.settings;

/** The accessibility statement's coordinator, date of the last check and free texts. */
export function AccessibilityFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<AgencySettings>();
  const error = errors.accessibility;
  return (
    <Section title={t.accessibility}>
      <p className="text-sm text-slate-600 sm:col-span-2">{t.accessibilityHint}</p>
      <FormField
        label={t.coordinatorName}
        error={error?.coordinatorName?.message}
        {...register('accessibility.coordinatorName')}
      />
      <FormField
        label={t.coordinatorPhone}
        type="tel"
        dir="ltr"
        error={error?.coordinatorPhone?.message}
        {...register('accessibility.coordinatorPhone')}
      />
      <FormField
        label={t.coordinatorEmail}
        type="email"
        dir="ltr"
        error={error?.coordinatorEmail?.message}
        {...register('accessibility.coordinatorEmail')}
      />
      <FormField
        label={t.lastChecked}
        type="date"
        error={error?.lastChecked?.message}
        {...register('accessibility.lastChecked')}
      />
      <div className="sm:col-span-2">
        <TextAreaField
          label={t.tested}
          rows={6}
          error={error?.tested?.message}
          {...register('accessibility.tested')}
        />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField
          label={t.limitations}
          rows={4}
          error={error?.limitations?.message}
          {...register('accessibility.limitations')}
        />
      </div>
    </Section>
  );
}

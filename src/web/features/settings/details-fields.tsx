import type { AgencySettings } from '@shared/schemas/settings';
import { CheckboxField } from '@web/components/checkbox-field';
import { FormField } from '@web/components/form-field';
import { NumberField } from '@web/components/number-field';
import { TextAreaField } from '@web/components/text-area-field';
import { admin as heAdmin } from '@web/i18n/admin';
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { ViewingOrderFields } from './viewing-order-fields';

const t = heAdmin.settings;

type TextKey = Exclude<
  keyof AgencySettings,
  | 'founders'
  | 'media'
  | 'excludeHolidays'
  | 'markAdvertising'
  | 'story'
  | 'accessibility'
  | 'referralFeePercent'
  | 'viewingEscalationHours'
  | 'exactAddressAfterSigning'
  | 'viewingOrderBuyerFeePercent'
  | 'viewingOrderTenantFeeMonths'
>;
const LTR = new Set<TextKey>([
  'phone',
  'email',
  'whatsappPhone',
  'facebookUrl',
  'instagramUrl',
  'investorSiteUrl',
]);

function Field({ name, type = 'text' }: { name: TextKey; type?: string }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<AgencySettings>();
  return (
    <FormField
      label={t[name]}
      type={type}
      dir={LTR.has(name) ? 'ltr' : undefined}
      error={errors[name]?.message}
      {...register(name)}
    />
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-2xl bg-white p-6 shadow-sm">
      <h2 id={titleId} className="mb-4 text-xl font-bold text-brand-900">
        {title}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/** The agency's name, contact details, the network's referral fee, links, story and the holidays option. */
export function DetailsFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<AgencySettings>();
  return (
    <>
      <Section title={t.details}>
        <Field name="agencyName" />
        <Field name="phone" type="tel" />
        <Field name="whatsappPhone" type="tel" />
        <Field name="email" type="email" />
        <Field name="address" />
        <Field name="city" />
        <Field name="officeHours" />
        <Field name="themeColor" type="color" />
        <CheckboxField
          label={t.excludeHolidays}
          className="self-end pb-2 text-sm font-medium text-slate-700"
          {...register('excludeHolidays')}
        />
        <CheckboxField
          label={t.markAdvertising}
          className="self-end pb-2 text-sm font-medium text-slate-700 sm:col-span-2"
          {...register('markAdvertising')}
        />
      </Section>
      <Section title={t.network}>
        <NumberField
          label={t.referralFeePercent}
          integer
          max={100}
          dir="ltr"
          error={errors.referralFeePercent?.message}
          {...register('referralFeePercent', { valueAsNumber: true })}
        />
        <NumberField
          label={t.viewingEscalationHours}
          integer
          max={40}
          dir="ltr"
          error={errors.viewingEscalationHours?.message}
          {...register('viewingEscalationHours', { valueAsNumber: true })}
        />
      </Section>
      <ViewingOrderFields />
      <Section title={t.links}>
        <Field name="facebookUrl" type="url" />
        <Field name="instagramUrl" type="url" />
        <Field name="investorSiteUrl" type="url" />
      </Section>
      <Section title={t.story}>
        <div className="sm:col-span-2">
          <TextAreaField label={t.storyText} rows={8} error={errors.story?.message} {...register('story')} />
        </div>
      </Section>
    </>
  );
}

export { Section };

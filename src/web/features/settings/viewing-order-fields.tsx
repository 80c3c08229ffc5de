import type { AgencySettings } from '@shared/schemas/settings';
import { NumberField } from '@web/components/number-field';
import { admin as heAdmin } from '@web/i18n/admin';
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';

const t = heAdmin.settings;

/**
 * The order sent with a viewing (docs/viewings.md, "The order and the address"): the exact address only after
 * signing (decision 0066) and the order's fees (decision 0064).
 */
export function ViewingOrderFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<AgencySettings>();
  const titleId = useId();
  const helpId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-2xl bg-white p-6 shadow-sm">
      <h2 id={titleId} className="mb-4 text-xl font-bold text-brand-900">
        {t.viewingOrder}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label className="inline-flex min-h-8 items-center gap-2 text-sm font-medium text-slate-700">
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              aria-describedby={helpId}
              {...register('exactAddressAfterSigning')}
            />
            {t.exactAddressAfterSigning}
          </label>
          <p id={helpId} className="mt-1 text-sm text-slate-600">
            {t.exactAddressAfterSigningHelp}
          </p>
        </div>
        <NumberField
          label={t.viewingOrderBuyerFeePercent}
          step={0.01}
          max={10}
          dir="ltr"
          error={errors.viewingOrderBuyerFeePercent?.message}
          {...register('viewingOrderBuyerFeePercent', { valueAsNumber: true })}
        />
        <NumberField
          label={t.viewingOrderTenantFeeMonths}
          step={0.5}
          max={3}
          dir="ltr"
          error={errors.viewingOrderTenantFeeMonths?.message}
          {...register('viewingOrderTenantFeeMonths', { valueAsNumber: true })}
        />
        <p className="text-sm text-slate-600 sm:col-span-2">{t.viewingOrderFeesHelp}</p>
      </div>
    </section>
  );
}

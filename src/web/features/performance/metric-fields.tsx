import { METRIC_KEYS } from '@shared/domain/metrics';
import { countProblem, countSchema } from '@shared/schemas/metrics';
import { NumberField } from '@web/components/number-field';
import { performance as hePerformance } from '@web/i18n/performance';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';

type MetricForm = Record<string, string>;

/** The six numeric inputs of a daily status or a monthly goal. */
export function MetricFields({
  register,
  errors,
}: {
  register: UseFormRegister<MetricForm>;
  errors: FieldErrors<MetricForm>;
}) {
  return (
    <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
      {METRIC_KEYS.map((key) => (
        <NumberField
          key={key}
          label={hePerformance.metrics[key]}
          integer
          error={errors[key]?.message}
          {...register(key, { validate: (v) => countProblem(v) ?? true })}
        />
      ))}
    </div>
  );
}

export type { MetricForm };

/** The form's strings as counts (empty is 0, SPEC section 5). */
export const toMetrics = (values: MetricForm) =>
  Object.fromEntries(METRIC_KEYS.map((k) => [k, countSchema.parse(values[k])])) as Record<
    (typeof METRIC_KEYS)[number],
    number
  >;

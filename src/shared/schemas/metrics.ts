import { z } from 'zod';
import { isPlausibleYear } from '../domain/dates';
import { byMetric } from '../domain/metrics';
import { numberText } from './common';

export const COUNT_MESSAGE = 'יש להזין מספר שלם שאינו שלילי';
export const MAX_COUNT = 10_000;
/** Over the cap: the message says what the cap is. */
export const COUNT_MAX_MESSAGE = `יש להזין מספר שלם עד ${MAX_COUNT.toLocaleString('en-US')}`;
/** An emptied cell of an edited row: refused, never read as 0 (a new entry's empty field is 0, SPEC 5). */
export const COUNT_REQUIRED_MESSAGE = 'יש להזין מספר (0 אם לא היה)';

/** One count of work (meetings, deals...): a whole number from 0; empty ('' or missing) counts as 0. */
export const countSchema = numberText(
  z
    .number({ error: COUNT_MESSAGE })
    .int({ error: COUNT_MESSAGE })
    .min(0, { error: COUNT_MESSAGE })
    .max(MAX_COUNT, { error: COUNT_MAX_MESSAGE })
    .default(0),
  0,
);

/** Why a typed count is refused (its first reason), or undefined when it is fine; `required` refuses empty. */
export function countProblem(value: string, { required = false } = {}): string | undefined {
  if (required && value.trim() === '') return COUNT_REQUIRED_MESSAGE;
  const result = countSchema.safeParse(value);
  return result.success ? undefined : (result.error.issues[0]?.message ?? COUNT_MESSAGE);
}

export const metricsShape = byMetric(() => countSchema);
/** The metrics of an update: each one optional. */
export const optionalMetricsShape = byMetric(() => countSchema.optional());
export const metricsOutputShape = byMetric(() => z.number());

export const YEAR_MESSAGE = 'שנה לא תקינה';
export const MONTH_MESSAGE = 'חודש לא תקין (1-12)';
export const yearSchema = numberText(
  z
    .number({ error: YEAR_MESSAGE })
    .int({ error: YEAR_MESSAGE })
    .refine((year) => isPlausibleYear(year), { error: YEAR_MESSAGE }),
);
export const monthSchema = numberText(
  z
    .number({ error: MONTH_MESSAGE })
    .int({ error: MONTH_MESSAGE })
    .min(1, { error: MONTH_MESSAGE })
    .max(12, { error: MONTH_MESSAGE }),
);

export const workingDaysSchema = z.object({ total: z.number(), elapsed: z.number(), remaining: z.number() });

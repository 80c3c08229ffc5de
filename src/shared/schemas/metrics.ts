import { z } from 'zod';

export const COUNT_MESSAGE = 'יש להזין מספר שלם שאינו שלילי';
const MAX_COUNT = 10_000;

/** One count of work (meetings, deals...): a whole number from 0; empty ('' or missing) counts as 0. */
export const countSchema = z.preprocess(
  (value) =>
    value === '' || value === null || value === undefined
      ? 0
      : typeof value === 'string'
        ? Number(value)
        : value,
  z
    .number({ error: COUNT_MESSAGE })
    .int({ error: COUNT_MESSAGE })
    .min(0, { error: COUNT_MESSAGE })
    .max(MAX_COUNT, { error: `עד ${MAX_COUNT.toLocaleString('he-IL')}` }),
);

export const metricsShape = {
  meetings: countSchema,
  exclusives: countSchema,
  priceUpdates: countSchema,
  buyerTours: countSchema,
  priceOffers: countSchema,
  deals: countSchema,
};
export const metricsSchema = z.object(metricsShape);

export const metricsOutputShape = {
  meetings: z.number(),
  exclusives: z.number(),
  priceUpdates: z.number(),
  buyerTours: z.number(),
  priceOffers: z.number(),
  deals: z.number(),
};

export const YEAR_MESSAGE = 'שנה לא תקינה';
export const MONTH_MESSAGE = 'חודש לא תקין (1-12)';
export const yearSchema = z.coerce
  .number({ error: YEAR_MESSAGE })
  .int({ error: YEAR_MESSAGE })
  .min(2000, { error: YEAR_MESSAGE })
  .max(2100, { error: YEAR_MESSAGE });
export const monthSchema = z.coerce
  .number({ error: MONTH_MESSAGE })
  .int({ error: MONTH_MESSAGE })
  .min(1, { error: MONTH_MESSAGE })
  .max(12, { error: MONTH_MESSAGE });

export const workingDaysSchema = z.object({ total: z.number(), elapsed: z.number(), remaining: z.number() });

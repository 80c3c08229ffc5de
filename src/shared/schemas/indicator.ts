import { z } from 'zod';
import { ACTIVITY_KINDS } from '../domain/activities';
import { DATE_RANGE_MESSAGE, isPlausibleDate, isRealDateOrInstant } from '../domain/dates';
import { BRANCH_MESSAGES, branchRefSchema } from './branch';
import { idSchema, MESSAGES, successSchema } from './common';
import { metricsOutputShape, metricsShape, monthSchema, optionalMetricsShape, yearSchema } from './metrics';
import { genderSchema } from './user';

export const AGENT_NOT_FOUND = 'הסוכן לא נמצא';
/** A pure admin (or anyone who does no agent work) has no daily status, goals or reports of its own. */
export const NOT_AGENT_WORK = 'למשתמש זה אין עבודת סוכן: סטטוס, יעדים ודוחות נרשמים רק לסוכנים';
export const FUTURE_DATE_MESSAGE = 'לא ניתן להזין סטטוס לתאריך עתידי';
export const DATE_MESSAGE = 'תאריך לא תקין';

/** A date (YYYY-MM-DD, a day in Israel) or a full ISO instant, that exists, from 2000 up to one year ahead. */
export const indicatorDateSchema = z
  .string({ error: DATE_MESSAGE })
  .trim()
  .refine(isRealDateOrInstant, { error: DATE_MESSAGE, abort: true })
  .refine((value) => isPlausibleDate(value.slice(0, 10)), { error: DATE_RANGE_MESSAGE });

/** `agent` is an array of ids in the contract (the first one counts); a single id is accepted too. */
export const agentRefSchema = z
  .union([idSchema, z.array(idSchema).min(1, { error: AGENT_NOT_FOUND }).max(1, { error: AGENT_NOT_FOUND })])
  .transform((value) => (Array.isArray(value) ? value[0]! : value));

export const createIndicatorSchema = z.object({
  ...metricsShape,
  agent: agentRefSchema.optional(),
  createdAt: z.union([indicatorDateSchema, z.literal('')]).optional(),
});

export const updateIndicatorSchema = z
  .object({
    ...optionalMetricsShape,
    createdAt: indicatorDateSchema.optional(),
  })
  // The client sends the whole edited row back (SPEC 7): ignore the read-only fields it carries.
  .loose();

/**
 * The agent of a read: `{ id }` with an id or an id array, or SPEC section 7's "id containing agent"
 * (`{ id: { agent } }`, as the original client sends it).
 */
export const agentBodySchema = z.object({
  id: z.union([agentRefSchema, z.object({ agent: agentRefSchema }).transform((value) => value.agent)]),
});

export const filterByDateQuerySchema = z.object({
  agent: idSchema.optional(),
  year: yearSchema.optional(),
  month: monthSchema.optional(),
  last7DaysOnly: z
    .enum(['true', 'false'], { error: MESSAGES.validation })
    .optional()
    .transform((v) => v !== 'false'),
});

export const scoreboardQuerySchema = z.object({
  year: yearSchema.optional(),
  month: monthSchema.optional(),
  /** One branch inside the session's scope (decision 0045); without it, the session's own scope. */
  branch: z.uuid({ error: BRANCH_MESSAGES.notFound }).optional(),
});

export const indicatorSchema = z.object({
  _id: z.string(),
  agent: z.array(z.object({ _id: z.string(), name: z.string(), role: z.string() })),
  ...metricsOutputShape,
  createdAt: z.string(),
  /**
   * The lead activity that wrote this row (docs/leads.md, "Indicators from activities"); null for a row typed
   * by hand. Such a row is changed only through its activity (PATCH and DELETE answer 409).
   */
  activity: z
    .object({ _id: z.string(), leadId: z.string(), kind: z.enum(ACTIVITY_KINDS) })
    .nullable()
    .optional(),
});
export type Indicator = z.infer<typeof indicatorSchema>;

export const indicatorResponseSchema = successSchema(z.object({ indicator: indicatorSchema }));
export const indicatorListResponseSchema = successSchema(z.object({ indicators: z.array(indicatorSchema) }));

export const summarySchema = z.object({
  totalMeetings: z.number(),
  totalDeals: z.number(),
  totalPriceUpdates: z.number(),
  totalBuyerTours: z.number(),
  totalPriceOffers: z.number(),
  totalExclusives: z.number(),
});
export type Summary = z.infer<typeof summarySchema>;
export const summaryResponseSchema = successSchema(summarySchema);

export const scoreboardEntrySchema = z.object({
  agentId: z.string(),
  agentName: z.string(),
  image: z.string().nullable(),
  totalScore: z.number(),
  gender: genderSchema,
  /** False for an agent deactivated since, who is ranked in a month where he has entries or a goal. */
  active: z.boolean(),
  /** The branch the agent was in at the month's end, and the agent's places in it and in the network. */
  branch: branchRefSchema.nullable(),
  branchRank: z.number(),
  networkRank: z.number(),
});
export type ScoreboardEntry = z.infer<typeof scoreboardEntrySchema>;
export const scoreboardResponseSchema = successSchema(z.array(scoreboardEntrySchema));

import { z } from 'zod';
import { byMetric } from '../domain/metrics';
import { BRANCH_MESSAGES } from './branch';
import { idSchema, successSchema } from './common';
import { agentRefSchema, indicatorDateSchema } from './indicator';
import {
  metricsOutputShape,
  metricsShape,
  monthSchema,
  optionalMetricsShape,
  workingDaysSchema,
  yearSchema,
} from './metrics';
import { genderSchema } from './user';

export const createGoalSchema = z.object({
  ...metricsShape,
  agent: agentRefSchema,
  /** Without year or month the goal is for the current year or month in Israel (SPEC section 3). */
  year: yearSchema.optional(),
  month: monthSchema.optional(),
  /** Sent by the client (the moment of the edit) and not stored: still a real date or instant. */
  createdAt: z.union([indicatorDateSchema, z.literal('')]).optional(),
});

export const updateGoalSchema = z
  .object({
    ...optionalMetricsShape,
  })
  .loose();

export const goalSchema = z.object({
  _id: z.string(),
  agent: z.array(z.string()),
  year: z.number(),
  month: z.number(),
  ...metricsOutputShape,
  createdAt: z.string(),
});
export type Goal = z.infer<typeof goalSchema>;
export const goalResponseSchema = successSchema(z.object({ goal: goalSchema }));
export const maybeGoalResponseSchema = successSchema(z.object({ goal: goalSchema.nullable() }));

export const agentMonthParamsSchema = z.object({ agentId: idSchema, year: yearSchema, month: monthSchema });
export const monthParamsSchema = z.object({ year: yearSchema, month: monthSchema });

/** `?branch=<id>`: a table of one branch inside the session's scope (decision 0045). */
export const branchQuerySchema = z.object({ branch: z.uuid({ error: BRANCH_MESSAGES.notFound }).optional() });
export const companyPerformanceQuerySchema = monthParamsSchema.extend(branchQuerySchema.shape);

/** One metric of a performance table: percentage null means 'no goal'. */
export const metricPerformanceSchema = z.object({
  actual: z.number(),
  goal: z.number().nullable(),
  percentage: z.number().nullable(),
  forecast: z.number(),
});
export type MetricPerformance = z.infer<typeof metricPerformanceSchema>;

const metricsPerformanceShape = byMetric(() => metricPerformanceSchema);

/** A month figure with its forecast by the working days (the same method as the counts), without a goal. */
const forecastFigureSchema = z.object({ actual: z.number(), forecast: z.number() });

/**
 * The month's money beside the counts (docs/money.md): the deals the agent holds a non-main share of (the
 * deals count stays the main agent's), and the agent's share of the deals' statements in agorot, cancelled
 * deals left out. A table of one branch counts that branch's deals only.
 */
export const performanceMoneySchema = z.object({
  sharedDeals: forecastFigureSchema,
  commission: forecastFigureSchema,
});
export type PerformanceMoney = z.infer<typeof performanceMoneySchema>;

export const agentPerformanceSchema = z.object({
  agentId: z.string(),
  agentName: z.string(),
  ...metricsPerformanceShape,
  money: performanceMoneySchema,
});
export type AgentPerformance = z.infer<typeof agentPerformanceSchema>;

export const companyPerformanceSchema = z.object({
  ...metricsPerformanceShape,
  money: performanceMoneySchema,
});
export type CompanyPerformance = z.infer<typeof companyPerformanceSchema>;

export const agentPerformanceResponseSchema = successSchema(
  agentPerformanceSchema.extend({ workingDays: workingDaysSchema }),
);
/** A row of /Performance: `active` false marks an agent deactivated since (counted for that month's work). */
export const agentMonthSchema = agentPerformanceSchema.extend({
  gender: genderSchema,
  active: z.boolean(),
  hasEntries: z.boolean(),
});
export type AgentMonth = z.infer<typeof agentMonthSchema>;
export const allPerformanceResponseSchema = successSchema(z.array(agentMonthSchema));
export const companyPerformanceResponseSchema = successSchema(
  companyPerformanceSchema.extend({ workingDays: workingDaysSchema }),
);

/** /branches/{id}/goals/{year}/{month}: a branch's monthly goal, set by the network. */
export const branchMonthParamsSchema = z.object({ id: idSchema, year: yearSchema, month: monthSchema });
export const setBranchGoalSchema = z.object(metricsShape);
const monthMetricsSchema = z.object(metricsOutputShape);
export const branchGoalSchema = z.object({
  branch: z.object({ _id: z.string(), name: z.string() }),
  year: z.number(),
  month: z.number(),
  /** The goal the network set for the branch; null when it set none (the network counts the agents' goals). */
  goal: monthMetricsSchema.nullable(),
  /** The sum of the goals of the branch's agents for the month; null when no agent has one. */
  agentsGoal: monthMetricsSchema.nullable(),
  agentsWithGoal: z.number(),
});
export type BranchGoal = z.infer<typeof branchGoalSchema>;
export const branchGoalResponseSchema = successSchema(z.object({ branchGoal: branchGoalSchema }));

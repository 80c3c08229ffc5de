import { z } from 'zod';
import { byMetric } from '../domain/metrics';
import { branchRefSchema } from './branch';
import { successSchema } from './common';
import { monthSchema, yearSchema } from './metrics';

/**
 * The network dashboard (docs/decisions/0045-network-figures.md): each branch's month figures side by side,
 * and the network's as their sum.
 */
export const networkDashboardQuerySchema = z.object({ year: yearSchema, month: monthSchema });

/** One work indicator of the month against its goal (goal and percentage null: no goal set). */
export const indicatorAgainstGoalSchema = z.object({
  actual: z.number(),
  goal: z.number().nullable(),
  percentage: z.number().nullable(),
});

export const networkFiguresSchema = z.object({
  /** Leads that arrived in the month (Israel time). */
  received: z.number(),
  /** Median office minutes from arrival to the first contact, of the month's leads contacted; null: none. */
  medianMinutes: z.number().nullable(),
  /** The month's leads that ended as a deal. */
  deals: z.number(),
  /** deals / received, a fraction (0 when nothing arrived). */
  conversion: z.number(),
  indicators: z.object(byMetric(() => indicatorAgainstGoalSchema)),
  /**
   * The month's money in agorot (docs/branches.md): the fees before VAT of the deals signed in the month (their
   * statements; cancelled deals left out), their royalties due to the network, and the royalty payments for the
   * month.
   */
  money: z.object({ gross: z.number(), royaltyDue: z.number(), royaltyPaid: z.number() }),
});
export type NetworkFigures = z.infer<typeof networkFiguresSchema>;

export const networkDashboardSchema = z.object({
  year: z.number(),
  month: z.number(),
  branches: z.array(networkFiguresSchema.extend({ branch: branchRefSchema })),
  network: networkFiguresSchema,
});
export type NetworkDashboard = z.infer<typeof networkDashboardSchema>;
export const networkDashboardResponseSchema = successSchema(networkDashboardSchema);

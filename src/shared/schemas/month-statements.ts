import { z } from 'zod';
import { successSchema } from './common';
import { DEAL_MESSAGES, DEAL_STATUSES } from './deals';

/**
 * Monthly commission statements and the network's royalties (docs/money.md, "Monthly statements and royalties";
 * docs/decisions/0060-monthly-statements.md). Amounts in whole agorot; months are Israel time.
 */

const month = z
  .string({ error: DEAL_MESSAGES.month })
  .refine((v) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v) && v >= '2000-01', { error: DEAL_MESSAGES.month });

/** ?month=YYYY-MM (the default is this month in Israel). */
export const monthQuerySchema = z.object({ month: month.optional() });
export type MonthQuery = z.infer<typeof monthQuerySchema>;

/** A deal's figures in a month's statement; all null when its branch had no fee plan on its date. */
const statementDealSchema = z.object({
  dealId: z.string(),
  leadId: z.string(),
  signedOn: z.string(),
  branchId: z.string(),
  branchName: z.string(),
  property: z.string().nullable(),
  contactName: z.string(),
  status: z.enum(DEAL_STATUSES),
  /** The fee before VAT, VAT, and what the client pays (VAT included). */
  net: z.number().nullable(),
  vat: z.number().nullable(),
  due: z.number().nullable(),
  /** What the client has paid of it so far. */
  paid: z.number(),
  royalty: z.number().nullable(),
  referral: z.number().nullable(),
  branchShare: z.number().nullable(),
  /** Every agent's lines, summed per agent (an agent's statement: hers only). */
  shares: z.array(
    z.object({ agentId: z.string(), name: z.string(), amount: z.number(), rules: z.array(z.string()) }),
  ),
});
export type StatementDeal = z.infer<typeof statementDealSchema>;

const totalsSchema = z.object({
  count: z.number(),
  net: z.number(),
  vat: z.number(),
  due: z.number(),
  paid: z.number(),
  royalty: z.number(),
  referral: z.number(),
  branchShare: z.number(),
  shares: z.number(),
});
export type StatementTotals = z.infer<typeof totalsSchema>;

/** GET /agents/{id}/month-statement: the deals an agent shares in, signed in the month, with her lines. */
export const agentMonthStatementSchema = z.object({
  month: z.string(),
  agent: z.object({ id: z.string(), name: z.string(), branchName: z.string() }),
  deals: z.array(statementDealSchema),
  /** The sums of the rows; `shares` is her share. */
  totals: totalsSchema,
});
export type AgentMonthStatement = z.infer<typeof agentMonthStatementSchema>;
export const agentMonthStatementResponseSchema = successSchema(
  z.object({ statement: agentMonthStatementSchema }),
);

/**
 * The month's fee per agent the branch owes the network (decision 0068): the plan's fee in force on the month's
 * first day × the agents in the branch at its start; `rule` is the line's text ("דמי חודש לסוכנים: 2 סוכנים × …").
 */
export const monthlyFeeSchema = z.object({
  agents: z.number(),
  feeAgorot: z.number(),
  amount: z.number(),
  rule: z.string(),
});
export type MonthlyFee = z.infer<typeof monthlyFeeSchema>;

/** GET /branches/{id}/month-statement: the branch's deals of the month, each agent's total and the branch's. */
export const branchMonthStatementSchema = z.object({
  month: z.string(),
  branch: z.object({ id: z.string(), name: z.string() }),
  /** Each agent with a line in the branch's deals (one of another branch too, when she shared a deal). */
  agents: z.array(z.object({ agentId: z.string(), name: z.string(), deals: z.number(), share: z.number() })),
  deals: z.array(statementDealSchema),
  /** The sums of the deals; `shares` is also the sum of the agents' rows. */
  totals: totalsSchema,
  /** The month's fee per agent, a line of its own after the deals; null when the plan has none (or no plan). */
  monthlyFee: monthlyFeeSchema.nullable(),
});
export type BranchMonthStatement = z.infer<typeof branchMonthStatementSchema>;
export const branchMonthStatementResponseSchema = successSchema(
  z.object({ statement: branchMonthStatementSchema }),
);

/**
 * A period's figures: deals, fees before VAT, their royalty lines, the monthly fees per agent (`agentFees`, the sum
 * of the months' fee lines) and `due`, what the branch owes the network: royalty + agentFees.
 */
const royaltyFiguresSchema = z.object({
  deals: z.number(),
  net: z.number(),
  royalty: z.number(),
  agentFees: z.number(),
  due: z.number(),
});

/** GET /royalties: per branch, the month's and the year's (January to the month) fees and royalties due. */
export const royaltiesSchema = z.object({
  month: z.string(),
  branches: z.array(
    z.object({
      branchId: z.string(),
      name: z.string(),
      month: royaltyFiguresSchema,
      year: royaltyFiguresSchema,
      /** The plan in force on the month's last day: its royalty rate and yearly cap (null: none or no plan). */
      royaltyBp: z.number().nullable(),
      royaltyCap: z.number().nullable(),
      /** Deals of the month with no plan on their date (no royalty figured for them). */
      withoutPlan: z.number(),
      /** The month's fee per agent (null: no monthly fee in the plan of the month's first day). */
      monthlyFee: monthlyFeeSchema.nullable(),
    }),
  ),
  totals: z.object({ month: royaltyFiguresSchema, year: royaltyFiguresSchema }),
});
export type Royalties = z.infer<typeof royaltiesSchema>;

import { z } from 'zod';
import { TIMELINE_KINDS } from '../domain/activities';
import { METRIC_KEYS } from '../domain/metrics';
import { LEAD_SOURCES, LEAD_STATUSES, type LeadStatus, LOSS_REASONS } from '../domain/pipeline';
import { branchRefSchema } from './branch';
import { freeText, idSchema, numberText, successSchema, trimmed } from './common';
import { leadCategorySchema, mobilePhone } from './leads';
import { nextTouchSchema, noteSchema, PIPELINE_MESSAGES } from './pipeline-fields';
import { dateSchema } from './report-contact';
import { genderSchema } from './user';

export const leadStatusSchema = z.enum(LEAD_STATUSES, { error: PIPELINE_MESSAGES.statusUnknown });
export const lossReasonSchema = z.enum(LOSS_REASONS, { error: PIPELINE_MESSAGES.lossReasonUnknown });
export const leadSourceSchema = z.enum(LEAD_SOURCES, { error: PIPELINE_MESSAGES.sourceUnknown });

const LOSS_TEXT_MAX = 500;
const lossTextSchema = freeText(LOSS_TEXT_MAX, PIPELINE_MESSAGES.noteTooLong(LOSS_TEXT_MAX));

/** Moving to 'lost' needs a reason from the list, and 'other' a text. */
function lossRule(
  value: { status?: LeadStatus; lossReason?: string | null; lossText?: string | null },
  ctx: z.RefinementCtx,
) {
  if (value.status === 'lost' && !value.lossReason)
    ctx.addIssue({ code: 'custom', path: ['lossReason'], message: PIPELINE_MESSAGES.lossReasonRequired });
  if (value.lossReason === 'other' && !value.lossText)
    ctx.addIssue({ code: 'custom', path: ['lossText'], message: PIPELINE_MESSAGES.lossTextRequired });
}

/** POST /pipeline/leads: a lead added by hand (a walk-in, a phone call). */
export const createLeadSchema = z.object({
  name: trimmed(80, 'יש להזין שם'),
  phone: mobilePhone,
  category: leadCategorySchema,
  message: noteSchema.optional().default(''),
  propertyId: idSchema.nullable().optional(),
  /** Admins may name the owner (else the routing rules pick); an agent's lead is its own. */
  ownerId: idSchema.optional(),
  nextTouchAt: nextTouchSchema.optional(),
});
export type CreateLeadBody = z.infer<typeof createLeadSchema>;

/** PATCH /pipeline/leads/{id}: a move on the board, a next touch, a correction. */
export const updateLeadSchema = z
  .object({
    status: leadStatusSchema.optional(),
    lossReason: lossReasonSchema.optional(),
    lossText: lossTextSchema.optional(),
    nextTouchAt: nextTouchSchema.nullable().optional(),
    name: trimmed(80, 'יש להזין שם').optional(),
    category: leadCategorySchema.optional(),
  })
  .superRefine(lossRule);
export type UpdateLeadBody = z.infer<typeof updateLeadSchema>;

/** POST /pipeline/leads/{id}/reassign (admin). */
export const reassignLeadSchema = z.object({ ownerId: idSchema, note: noteSchema.optional().default('') });

/** The longest range a list or an export may cover. */
export const MAX_RANGE_DAYS = 366;

const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

const filterShape = {
  /** Admins: one agent's leads (else everyone's); an agent may name only itself. */
  ownerId: idSchema.optional(),
  status: leadStatusSchema.optional(),
  source: leadSourceSchema.optional(),
  overdue: z
    .enum(['true', 'false'], { error: 'ערך לא תקין' })
    .optional()
    .transform((v) => v === 'true'),
  /** Days in Israel of the lead's arrival, both included. */
  from: dateSchema.optional(),
  to: dateSchema.optional(),
  /** A name or a phone (any part of it). */
  q: z.string().trim().max(80, { error: 'עד 80 תווים' }).optional(),
};

function rangeRule(value: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (value.from && value.to && value.from > value.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: PIPELINE_MESSAGES.rangeOrder });
  else if (value.from && value.to && dayCount(value.from, value.to) > MAX_RANGE_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: PIPELINE_MESSAGES.rangeTooLong(MAX_RANGE_DAYS) });
}

/**
 * Where a page starts: an opaque token of a list's answer (`nextCursor`, `prevCursor`); none: the first page
 * (docs/decisions/0039-lists-by-keyset.md).
 */
const cursorSchema = z
  .string({ error: PIPELINE_MESSAGES.badCursor })
  .max(200, { error: PIPELINE_MESSAGES.badCursor });

export const leadListQuerySchema = z
  .object({
    ...filterShape,
    cursor: cursorSchema.optional(),
    pageSize: numberText(z.number({ error: 'גודל עמוד לא תקין' }).int().min(1).max(200).default(50)),
  })
  .superRefine(rangeRule);
export type LeadListQuery = z.infer<typeof leadListQuerySchema>;

/** GET /pipeline/export: the table's filters; without dates, the last 30 days; at most MAX_RANGE_DAYS. */
export const leadExportQuerySchema = z.object(filterShape).superRefine(rangeRule);
export type LeadExportQuery = z.infer<typeof leadExportQuerySchema>;

export const boardQuerySchema = z.object({
  ownerId: idSchema.optional(),
  source: leadSourceSchema.optional(),
});
/** GET /pipeline/board/column: the next cards of one column of the board, after `cursor`. */
export const boardColumnQuerySchema = boardQuerySchema.extend({
  status: leadStatusSchema,
  cursor: cursorSchema,
});
export const myDayQuerySchema = z.object({ ownerId: idSchema.optional() });

const personSchema = z.object({ _id: z.string(), name: z.string() });
/** A lead's owner: the screens speak of her in her gender ("למה אצלה"). */
const ownerSchema = personSchema.extend({ gender: genderSchema });

/** One lead as a row of the table, a card of the board and an item of the agent's day. */
export const leadSummarySchema = z.object({
  _id: z.string(),
  contactId: z.string(),
  name: z.string(),
  phone: z.string(),
  source: leadSourceSchema,
  category: z.string(),
  status: leadStatusSchema,
  property: z.object({ _id: z.string(), address: z.string(), city: z.string() }).nullable(),
  /** What the person wrote (may be empty). */
  message: z.string(),
  owner: ownerSchema.nullable(),
  /** The branch the lead belongs to (a contact may have leads in several). */
  branch: branchRefSchema,
  nextTouchAt: z.string().nullable(),
  overdue: z.boolean(),
  escalated: z.boolean(),
  /** Why the owner got it, in Hebrew ("הסוכן של הנכס", "סבב: הבא בתור"...). */
  routingReason: z.string(),
  lossReason: lossReasonSchema.nullable(),
  lossText: z.string().nullable(),
  firstContactAt: z.string().nullable(),
  /** Office minutes from arrival to the first contact; null until then. */
  responseMinutes: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LeadSummary = z.infer<typeof leadSummarySchema>;

/** One entry of a contact's timeline: an activity an agent logged, a status change or an assignment. */
export const activitySchema = z.object({
  _id: z.string(),
  leadId: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  /** Who did it (whose indicators it counts in). */
  agent: personSchema.nullable(),
  occurredAt: z.string(),
  note: z.string(),
  /** A price offer's amount or a price update's new price (₪). */
  amount: z.number().nullable(),
  /** A deal's price and commission (₪), and the commission's split per agent. */
  price: z.number().nullable(),
  commission: z.number().nullable(),
  /** A deal's fee per side (₪) and whether each was typed with VAT in it; null when typed as one figure. */
  buyerSideFee: z.number().nullable(),
  buyerSideFeeIncludesVat: z.boolean(),
  sellerSideFee: z.number().nullable(),
  sellerSideFeeIncludesVat: z.boolean(),
  shares: z.array(z.object({ agent: personSchema, amount: z.number() })),
  fromStatus: leadStatusSchema.nullable(),
  toStatus: leadStatusSchema.nullable(),
  /** The daily indicator it counts in, its points, and that indicator's row. */
  metric: z.enum(METRIC_KEYS).nullable(),
  points: z.number(),
  indicatorId: z.string().nullable(),
  createdBy: personSchema.nullable(),
  /** The branch the activity counts for: its lead's (a deal counts for the branch of its lead). */
  branch: branchRefSchema,
  createdAt: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

/** A valuation request's property. */
export const valuationDetailsSchema = z.object({
  city: z.string(),
  street: z.string(),
  rooms: z.number(),
  size: z.number(),
});

/**
 * The lead page: the lead, its contact, the contact's leads the viewer reads in full (its own; an admin all) with
 * their timeline (newest first), and of other owners' leads of the same contact only their status and owner.
 */
export const leadDetailSchema = leadSummarySchema.extend({
  valuation: valuationDetailsSchema.nullable(),
  /** While a new lead waits for its first contact: when the response target runs out (then null). */
  respondBy: z.string().nullable(),
  /** The person, one across the network (by phone), filed under the branch of their first lead. */
  contact: z.object({
    _id: z.string(),
    name: z.string(),
    phone: z.string(),
    branch: branchRefSchema,
    createdAt: z.string(),
  }),
  contactLeads: z.array(leadSummarySchema),
  othersLeads: z.array(z.object({ status: leadStatusSchema, owner: personSchema.nullable() })),
  timeline: z.array(activitySchema),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

export const leadResponseSchema = successSchema(z.object({ lead: leadDetailSchema }));
export const leadListResponseSchema = successSchema(
  z.object({
    leads: z.array(leadSummarySchema),
    /** How many match, counted up to LEAD_COUNT_CAP: beyond it `totalCapped` and `total` is the cap. */
    total: z.number(),
    totalCapped: z.boolean(),
    pageSize: z.number(),
    /** The pages after and before this one (null: there is none). */
    nextCursor: z.string().nullable(),
    prevCursor: z.string().nullable(),
    /** Admins: the people of their branches (the users table), for the owner filter (empty for agents). */
    owners: z.array(personSchema),
  }),
);
/** The table counts its matches up to this many ("יותר מ-1,000 לידים"): a count never scans the whole table. */
export const LEAD_COUNT_CAP = 1000;

const boardColumnSchema = z.object({
  status: leadStatusSchema,
  /** Every lead of the column (an exact count). */
  total: z.number(),
  leads: z.array(leadSummarySchema),
  /** The column's next cards (GET /pipeline/board/column); null when all are here. */
  nextCursor: z.string().nullable(),
});
export const boardResponseSchema = successSchema(z.object({ columns: z.array(boardColumnSchema) }));
export const boardColumnResponseSchema = successSchema(boardColumnSchema.omit({ total: true }));
/** Cards per column of the board and per "more" (the newest move first); `total` says how many there are. */
export const BOARD_COLUMN_LIMIT = 20;

export const myDayResponseSchema = successSchema(
  z.object({
    newLeads: z.array(leadSummarySchema),
    overdue: z.array(leadSummarySchema),
    today: z.array(leadSummarySchema),
  }),
);

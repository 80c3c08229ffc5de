import { z } from 'zod';
import { clockOfMinutes, DEFAULT_OFFICE_HOURS, minutesOfClock } from '../domain/office-clock';
import { DEFAULT_SLA_MINUTES, LEAD_STATUSES } from '../domain/pipeline';
import { DEFAULT_ROUTING_RULES, ROUTING_RULES } from '../domain/routing';
import { idSchema, successSchema, trimmed } from './common';
import { monthSchema, yearSchema } from './metrics';
import { PIPELINE_MESSAGES } from './pipeline-fields';
import { dateSchema } from './report-contact';
import { genderSchema } from './user';

export const LEAD_SETTINGS_MESSAGES = {
  ruleUnknown: 'כלל ניתוב לא מוכר',
  ruleTwice: 'כל כלל יכול להופיע פעם אחת',
  cityTwice: 'לכל עיר סוכן אחד',
  sla: 'יש להזין מספר דקות שלם בין 1 ל-480',
  clock: 'שעה לא תקינה (HH:MM)',
  hoursOrder: 'שעת הסגירה חייבת להיות אחרי שעת הפתיחה',
  agentUnknown: 'הסוכן לא נמצא או שאינו פעיל',
} as const;

const clockSchema = z
  .string({ error: LEAD_SETTINGS_MESSAGES.clock })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: LEAD_SETTINGS_MESSAGES.clock });

/** The pipeline's settings (admin): routing order, the sellers' city map, the response target, office hours. */
export const leadSettingsSchema = z.object({
  /** Routing rules in order; the fallback (office manager, else an admin) always follows them. */
  rules: z
    .array(z.enum(ROUTING_RULES, { error: LEAD_SETTINGS_MESSAGES.ruleUnknown }))
    .max(ROUTING_RULES.length)
    .refine((rules) => new Set(rules).size === rules.length, { error: LEAD_SETTINGS_MESSAGES.ruleTwice }),
  /** Sellers' (valuation) leads by city: the agent an admin set for each city. */
  cityAgents: z
    .array(z.object({ city: trimmed(80, 'יש להזין עיר'), agentId: idSchema }))
    .max(500)
    .refine((rows) => new Set(rows.map((r) => r.city)).size === rows.length, {
      error: LEAD_SETTINGS_MESSAGES.cityTwice,
    }),
  /** Office minutes a new lead may wait for its first contact before it is escalated. */
  slaMinutes: z
    .number({ error: LEAD_SETTINGS_MESSAGES.sla })
    .int({ error: LEAD_SETTINGS_MESSAGES.sla })
    .min(1, { error: LEAD_SETTINGS_MESSAGES.sla })
    .max(480, { error: LEAD_SETTINGS_MESSAGES.sla }),
  /** The hours office time runs (Sunday to Thursday, holidays off): the response clock and when mail leaves. */
  officeHours: z
    .object({ opens: clockSchema, closes: clockSchema })
    .refine((h) => minutesOfClock(h.opens) < minutesOfClock(h.closes), {
      error: LEAD_SETTINGS_MESSAGES.hoursOrder,
      path: ['closes'],
    }),
});
export type LeadSettings = z.infer<typeof leadSettingsSchema>;

export const DEFAULT_LEAD_SETTINGS: LeadSettings = {
  rules: [...DEFAULT_ROUTING_RULES],
  cityAgents: [],
  slaMinutes: DEFAULT_SLA_MINUTES,
  officeHours: {
    opens: clockOfMinutes(DEFAULT_OFFICE_HOURS.opens),
    closes: clockOfMinutes(DEFAULT_OFFICE_HOURS.closes),
  },
};

export const leadSettingsResponseSchema = successSchema(z.object({ settings: leadSettingsSchema }));

export const BRANCH_ROUTING_MESSAGES = {
  branchNotFound: 'הסניף לא נמצא',
  city: 'יש להזין עיר',
  cityTwice: 'כל עיר יכולה להופיע פעם אחת',
  cityTaken: (city: string) => `העיר ${city} כבר בתחום של סניף אחר`,
} as const;

/** One city as the branches cover it: trimmed, inner spaces folded (so 'תל  אביב' is 'תל אביב'). */
export const normalizeCity = (city: string) => city.trim().replace(/\s+/g, ' ');

/**
 * PUT /pipeline/branches/{id}/settings: the cities the branch covers, and its own settings (null: it goes on
 * inheriting the network's, docs/decisions/0047-routing-per-branch.md).
 */
export const branchLeadSettingsBodySchema = z.object({
  cities: z
    .array(trimmed(80, BRANCH_ROUTING_MESSAGES.city).overwrite(normalizeCity))
    .max(200)
    .refine((list) => new Set(list).size === list.length, { error: BRANCH_ROUTING_MESSAGES.cityTwice }),
  own: leadSettingsSchema.nullable(),
});
export type BranchLeadSettingsBody = z.infer<typeof branchLeadSettingsBodySchema>;

/** A branch's routing as it works: its cities, whether its settings are its own, and the settings in force. */
export const branchLeadSettingsSchema = z.object({
  branch: z.object({ _id: z.string(), name: z.string() }),
  cities: z.array(z.string()),
  own: z.boolean(),
  settings: leadSettingsSchema,
});
export type BranchLeadSettings = z.infer<typeof branchLeadSettingsSchema>;
export const branchLeadSettingsResponseSchema = successSchema(
  z.object({ branchSettings: branchLeadSettingsSchema }),
);

/** An agent's place in the routing: the takes-leads switch (admin) and leave dates (admin or the agent). */
export const updateAvailabilitySchema = z
  .object({
    takesLeads: z.boolean({ error: 'ערך לא תקין' }).optional(),
    leaveFrom: dateSchema.nullable().optional(),
    leaveUntil: dateSchema.nullable().optional(),
  })
  .refine((v) => !v.leaveFrom || !v.leaveUntil || v.leaveFrom <= v.leaveUntil, {
    error: PIPELINE_MESSAGES.leaveOrder,
    path: ['leaveUntil'],
  });
export type UpdateAvailabilityBody = z.infer<typeof updateAvailabilitySchema>;

export const availabilitySchema = z.object({
  agent: z.object({
    _id: z.string(),
    name: z.string(),
    gender: genderSchema,
    companyRole: z.string().nullable(),
    active: z.boolean(),
  }),
  takesLeads: z.boolean(),
  leaveFrom: z.string().nullable(),
  leaveUntil: z.string().nullable(),
  onLeave: z.boolean(),
  /** In the round robin today: does agent work, takes leads, active and not on leave. */
  inRoundRobin: z.boolean(),
  /** Whether the round robin gives this agent the next lead. */
  nextInRoundRobin: z.boolean(),
});
export type Availability = z.infer<typeof availabilitySchema>;
export const availabilityListResponseSchema = successSchema(
  z.object({ agents: z.array(availabilitySchema) }),
);
export const availabilityResponseSchema = successSchema(z.object({ agent: availabilitySchema }));

/** GET /pipeline/performance: a month of leads by arrival (Israel time), per owner. */
export const pipelinePerformanceQuerySchema = z.object({ year: yearSchema, month: monthSchema });

const performanceFigures = {
  received: z.number(),
  contacted: z.number(),
  /** Office minutes to the first contact (median and 90th percentile); null with no contacted lead. */
  medianMinutes: z.number().nullable(),
  p90Minutes: z.number().nullable(),
  withinSla: z.number(),
  /** withinSla / received (0-1). */
  withinSlaShare: z.number(),
  byStatus: z.object(
    Object.fromEntries(LEAD_STATUSES.map((s) => [s, z.number()])) as Record<
      (typeof LEAD_STATUSES)[number],
      z.ZodNumber
    >,
  ),
  deals: z.number(),
  /** deals / received (0-1). */
  conversion: z.number(),
};

export const pipelinePerformanceResponseSchema = successSchema(
  z.object({
    slaMinutes: z.number(),
    agents: z.array(
      z.object({ agent: z.object({ _id: z.string(), name: z.string() }), ...performanceFigures }),
    ),
    total: z.object(performanceFigures),
  }),
);
export type PipelinePerformance = z.infer<typeof pipelinePerformanceResponseSchema>['data'];

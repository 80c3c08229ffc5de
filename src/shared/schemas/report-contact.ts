import { z } from 'zod';
import { DATE_RANGE_MESSAGE, isPlausibleDate, isRealDate } from '../domain/dates';
import { israelDate } from '../domain/israel-time';
import { freeText, idSchema, numberText, singleLine, successSchema } from './common';

/** Hebrew messages of the weekly contact report rules (issue 6: SPEC leaves the bounds open). */
export const REPORT_MESSAGES = {
  clientNameRequired: 'יש להזין שם לקוח',
  clientNameShort: 'שם הלקוח חייב להכיל לפחות 2 תווים',
  clientNameLong: 'שם הלקוח יכול להכיל עד 80 תווים',
  propertyRequired: 'יש לבחור נכס בלעדי',
  propertyNotAgents: 'הנכס אינו אחד מהנכסים של הסוכן',
  count: 'יש להזין מספר שלם בין 0 ל-10,000',
  dateInvalid: 'תאריך לא תקין',
  dateFuture: 'התאריך אינו יכול להיות אחרי היום',
  noteLong: 'ההערה יכולה להכיל עד 2,000 תווים',
  monthInvalid: 'יש לבחור חודש תקין (שנה-חודש)',
  monthNotStarted: 'החודש שנבחר עוד לא התחיל: אפשר לבדוק את החודש הנוכחי או חודש שעבר',
  agentUnknown: 'הסוכן לא נמצא',
  periodOrder: 'תאריך הסיום חייב להיות אחרי תאריך ההתחלה',
  periodLong: 'תקופת הדוח יכולה להיות עד שנה',
  shareNotFound: 'הקישור לדוח אינו תקין',
  shareExpired: 'תוקף הקישור לדוח פג. בקשו מהסוכן קישור חדש.',
  shareRevoked: 'הקישור לדוח בוטל. בקשו מהסוכן קישור חדש.',
} as const;

export const MAX_COUNT = 10_000;
export const RECOMMENDED_MONTHLY_REPORTS = 4;

/** A real date (YYYY-MM-DD) from 2000 up to one year ahead. */
export const dateSchema = z
  .string({ error: REPORT_MESSAGES.dateInvalid })
  .trim()
  .refine(isRealDate, { error: REPORT_MESSAGES.dateInvalid, abort: true })
  .refine((value) => isPlausibleDate(value), { error: DATE_RANGE_MESSAGE });

/** A real date that is not after today in Israel (evaluated at validation time). */
export const pastDateSchema = dateSchema.refine((value) => value <= israelDate(), {
  error: REPORT_MESSAGES.dateFuture,
});

/** A month (YYYY-MM) that has started in Israel: a month ahead has no reports to check (evaluated when read). */
export const monthSchema = z
  .string({ error: REPORT_MESSAGES.monthInvalid })
  .trim()
  .refine((value) => /^\d{4}-\d{2}$/.test(value) && isPlausibleDate(`${value}-01`), {
    error: REPORT_MESSAGES.monthInvalid,
    abort: true,
  })
  .refine((value) => value <= israelDate().slice(0, 7), { error: REPORT_MESSAGES.monthNotStarted });

/** Empty input counts as 0 (as the SPEC's forms send it); numeric strings are accepted. */
const countSchema = numberText(
  z
    .number({ error: REPORT_MESSAGES.count })
    .int({ error: REPORT_MESSAGES.count })
    .min(0, { error: REPORT_MESSAGES.count })
    .max(MAX_COUNT, { error: REPORT_MESSAGES.count })
    .default(0),
  0,
);

export const clientNameSchema = singleLine(REPORT_MESSAGES.clientNameRequired)
  .min(2, { error: REPORT_MESSAGES.clientNameShort })
  .max(80, { error: REPORT_MESSAGES.clientNameLong });

export const addressSchema = z
  .string({ error: REPORT_MESSAGES.propertyRequired })
  .trim()
  .min(1, { error: REPORT_MESSAGES.propertyRequired })
  .max(200, { error: REPORT_MESSAGES.propertyNotAgents });

const optionalId = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  idSchema.optional(),
);

export const createReportContactSchema = z.object({
  clientName: clientNameSchema,
  exclusiveProperty: addressSchema,
  /** Optional: tells apart two of the agent's properties with the same street address. */
  propertyId: optionalId,
  visits: countSchema,
  views: countSchema,
  inquiries: countSchema,
  statusDate: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    pastDateSchema.optional(),
  ),
  note: freeText(2000, REPORT_MESSAGES.noteLong).default(''),
  agent: optionalId,
});
export type CreateReportContactInput = z.input<typeof createReportContactSchema>;
export type CreateReportContact = z.output<typeof createReportContactSchema>;

export const reportContactSchema = z.object({
  _id: z.string(),
  agent: z.string(),
  agentName: z.string(),
  propertyId: z.string().nullable(),
  clientName: z.string(),
  exclusiveProperty: z.string(),
  visits: z.number(),
  views: z.number(),
  inquiries: z.number(),
  statusDate: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export type ReportContact = z.infer<typeof reportContactSchema>;

export const monthlyReportBodySchema = z.object({
  agentId: idSchema,
  month: monthSchema,
  address: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    addressSchema.optional(),
  ),
});

export const byPropertyBodySchema = z.object({ address: addressSchema });
export const agentIdParamsSchema = z.object({ agentId: idSchema });

export const reportContactResponseSchema = successSchema(z.object({ data: reportContactSchema }));
export const reportContactListResponseSchema = successSchema(
  z.object({ reportContacts: z.array(reportContactSchema) }),
);
export const statusesResponseSchema = successSchema(z.object({ statuses: z.array(reportContactSchema) }));
export const monthlyReportResponseSchema = z.object({
  status: z.literal('success'),
  reportCount: z.number(),
  recommendedCount: z.number(),
  data: z.object({ statuses: z.array(reportContactSchema) }),
});
export type MonthlyReport = z.infer<typeof monthlyReportResponseSchema>;

/** One of an agent's properties, as the report form's select lists it. */
export const agentPropertySchema = z.object({
  _id: z.string(),
  address: z.string(),
  city: z.string(),
  category: z.string(),
  exclusive: z.boolean(),
});
export type AgentProperty = z.infer<typeof agentPropertySchema>;
export const agentPropertiesResponseSchema = successSchema(
  z.object({ properties: z.array(agentPropertySchema) }),
);

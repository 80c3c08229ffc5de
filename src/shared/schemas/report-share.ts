import { z } from 'zod';
import { idSchema, successSchema } from './common';
import { addressSchema, pastDateSchema } from './report-contact';
import { genderSchema } from './user';
import { viewingFeedbackSchema } from './viewing-outcome';

/** Days a seller's report link stays valid after it is created. */
export const SHARE_VALID_DAYS = 30;

export const createShareBodySchema = z.object({
  /** The agent whose property it is; defaults to the signed-in user. */
  agentId: z.preprocess((value) => (value === '' || value === null ? undefined : value), idSchema.optional()),
  address: addressSchema,
  from: pastDateSchema,
  to: pastDateSchema,
});
export type CreateShareBody = z.input<typeof createShareBodySchema>;

export const shareListQuerySchema = z.object({
  agentId: idSchema.optional(),
  address: addressSchema.optional(),
});

export const shareStateSchema = z.enum(['active', 'expired', 'revoked']);
export type ShareState = z.infer<typeof shareStateSchema>;

/** A share as its owner sees it: never the token (only its hash is stored). */
export const reportShareSchema = z.object({
  _id: z.string(),
  agent: z.string(),
  propertyId: z.string().nullable(),
  address: z.string(),
  from: z.string(),
  to: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  state: shareStateSchema,
});
export type ReportShare = z.infer<typeof reportShareSchema>;

export const createShareResponseSchema = successSchema(
  z.object({ share: reportShareSchema, token: z.string(), path: z.string(), url: z.string() }),
);
export const shareListResponseSchema = successSchema(z.object({ shares: z.array(reportShareSchema) }));
export const shareResponseSchema = successSchema(z.object({ share: reportShareSchema }));

export const sharedWeekSchema = z.object({
  /** The Sunday that starts the week (YYYY-MM-DD). */
  weekStart: z.string(),
  reports: z.number(),
  visits: z.number(),
  views: z.number(),
  inquiries: z.number(),
  notes: z.array(z.string()),
});
export type SharedWeek = z.infer<typeof sharedWeekSchema>;

/** What a seller sees through the link: branding, the property, the weeks of the period. */
export const sharedReportSchema = z.object({
  /** The link itself, built from the site's public origin. */
  url: z.string(),
  agency: z.object({
    agencyName: z.string(),
    phone: z.string(),
    email: z.string(),
    address: z.string(),
    city: z.string(),
    whatsappPhone: z.string(),
  }),
  agent: z.object({ name: z.string(), phone_number: z.string(), gender: genderSchema }),
  property: z.object({
    address: z.string(),
    city: z.string(),
    category: z.string(),
    typeTransaction: z.string(),
    image: z.string().nullable(),
  }),
  from: z.string(),
  to: z.string(),
  expiresAt: z.string(),
  weeks: z.array(sharedWeekSchema),
  totals: z.object({ visits: z.number(), views: z.number(), inquiries: z.number() }),
  /** Feedback of the property's viewings that took place in the period (docs/viewings.md). */
  viewings: z.array(viewingFeedbackSchema),
});
export type SharedReport = z.infer<typeof sharedReportSchema>;
export const sharedReportResponseSchema = successSchema(z.object({ report: sharedReportSchema }));
export const tokenParamsSchema = z.object({ token: z.string().max(100) });

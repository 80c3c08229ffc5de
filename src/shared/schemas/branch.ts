import { z } from 'zod';
import { EMAIL_INVALID_MESSAGE, isEmail } from '../domain/email';
import { cleanPhone, PHONE_INVALID_MESSAGE } from '../domain/phone';
import { optionalLine, successSchema, trimmed } from './common';

export const BRANCH_MESSAGES = {
  notFound: 'הסניף לא נמצא',
  closed: 'הסניף סגור: בחרו סניף פעיל',
  networkOnly: 'רק מנהלי הרשת רשאים לתת גישה לכל הסניפים',
  nameTaken: 'כבר יש סניף בשם הזה',
  slugTaken: 'הכתובת הזאת כבר שייכת לסניף אחר',
  slug: 'כתובת הסניף: אותיות לועזיות קטנות, ספרות ומקפים בלבד',
  brokerName: 'יש להזין את שם המתווך',
  licence: 'מספר רישיון: ספרות בלבד, עד 10',
  tooManyBrokers: 'עד 20 מתווכים בסניף',
  lastActive: 'אי אפשר לסגור את הסניף הפעיל האחרון',
} as const;

/** A licensed broker of the branch, as the brokerage order prints them. */
export const branchBrokerSchema = z.object({
  name: trimmed(80, BRANCH_MESSAGES.brokerName),
  licenceNumber: z
    .string({ error: BRANCH_MESSAGES.licence })
    .trim()
    .regex(/^\d{1,10}$/, { error: BRANCH_MESSAGES.licence }),
});

const officePhone = z
  .string()
  .overwrite(cleanPhone)
  .refine((value) => value === '' || /^[+\d][\d\- .]{8,19}$/.test(value), { error: PHONE_INVALID_MESSAGE });

const officeEmail = z
  .string()
  .trim()
  .max(120, { error: EMAIL_INVALID_MESSAGE })
  .refine((value) => value === '' || isEmail(value), { error: EMAIL_INVALID_MESSAGE });

/** The fields an admin of the network writes (forms reuse them one by one). */
export const branchFields = {
  name: trimmed(60, 'יש להזין את שם הסניף'),
  slug: z
    .string({ error: BRANCH_MESSAGES.slug })
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: BRANCH_MESSAGES.slug })
    .max(40, { error: BRANCH_MESSAGES.slug }),
  city: optionalLine(60),
  address: optionalLine(120),
  phone: officePhone,
  email: officeEmail,
  openingHours: optionalLine(120),
  legalEntity: optionalLine(120),
  brokers: z.array(branchBrokerSchema).max(20, { error: BRANCH_MESSAGES.tooManyBrokers }),
  active: z.boolean(),
};

export const createBranchSchema = z.object({
  ...branchFields,
  city: branchFields.city.default(''),
  address: branchFields.address.default(''),
  phone: branchFields.phone.default(''),
  email: branchFields.email.default(''),
  openingHours: branchFields.openingHours.default(''),
  legalEntity: branchFields.legalEntity.default(''),
  brokers: branchFields.brokers.default([]),
  active: branchFields.active.default(true),
});
export type CreateBranchBody = z.input<typeof createBranchSchema>;

export const updateBranchSchema = z.object(branchFields).partial();
export type UpdateBranchBody = z.input<typeof updateBranchSchema>;

export const branchSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  city: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  openingHours: z.string(),
  legalEntity: z.string(),
  brokers: z.array(z.object({ name: z.string(), licenceNumber: z.string() })),
  active: z.boolean(),
});
export type Branch = z.infer<typeof branchSchema>;

/** A branch as other answers name it: a user's, a property's, a lead's. */
export const branchRefSchema = z.object({ _id: z.string(), name: z.string(), slug: z.string() });
export type BranchRef = z.infer<typeof branchRefSchema>;

export const branchListResponseSchema = successSchema(z.object({ branches: z.array(branchSchema) }));
export const branchResponseSchema = successSchema(z.object({ branch: branchSchema }));

/** Closing a branch (docs/branches.md, "Closing a branch"): its people, listings and open work move in one step. */
export const BRANCH_CLOSE_MESSAGES = {
  holdsRows: 'בסניף יש אנשים או נכסים: סגרו אותו דרך "סגירת סניף", שמעבירה אותם לסניף אחר',
  target: 'בחרו סניף פעיל אחר שאליו יעברו האנשים והנכסים',
  sameBranch: 'אי אפשר להעביר לסניף שנסגר: בחרו סניף אחר',
  alreadyClosed: 'הסניף כבר סגור',
} as const;

/** How many names of each kind a preview lists (the counts are always whole). */
export const CLOSE_PREVIEW_NAMES = 50;

export const closeBranchSchema = z.object({
  targetBranchId: z.uuid({ error: BRANCH_CLOSE_MESSAGES.target }),
});

const namedGroup = z.object({
  count: z.number().int(),
  /** Up to CLOSE_PREVIEW_NAMES of them, by name. */
  names: z.array(z.object({ _id: z.string(), name: z.string() })),
});
export type NamedGroup = z.infer<typeof namedGroup>;

/** What closing a branch moves: everything that still names it, except the past (closed leads, entries, deals). */
export const branchClosePreviewSchema = z.object({
  branch: branchRefSchema,
  people: namedGroup,
  listings: namedGroup,
  openLeads: namedGroup,
  contacts: namedGroup,
  /** The agents' goals of the current month and later, which follow their agents. */
  goals: namedGroup,
});
export type BranchClosePreview = z.infer<typeof branchClosePreviewSchema>;

export const branchClosePreviewResponseSchema = successSchema(
  z.object({ preview: branchClosePreviewSchema }),
);

export const branchCloseResponseSchema = successSchema(
  z.object({
    branch: branchSchema,
    target: branchRefSchema,
    moved: z.object({
      people: z.number().int(),
      listings: z.number().int(),
      openLeads: z.number().int(),
      contacts: z.number().int(),
      goals: z.number().int(),
    }),
  }),
);

import { z } from 'zod';
import { EMAIL_INVALID_MESSAGE, EMAIL_PATTERN } from '../domain/email';
import { GENDERS } from '../domain/gender';
import { ROLES } from '../domain/roles';
import { branchRefSchema } from './branch';
import { successSchema } from './common';

export const roleSchema = z.enum(ROLES);
/** The grammatical gender Hebrew addresses the user in: `gendered(user.gender, ...)` picks the words. */
export const GENDER_REQUIRED = 'יש לבחור לשון פנייה';
export const genderSchema = z.enum(GENDERS, { error: GENDER_REQUIRED });

/**
 * What anyone may see of a user (agent cards, agent page, property contacts): never the system role, so the
 * public site does not mark who is an admin. Visitors see only the people shown on the site (`showOnSite`),
 * with their own phone only when they chose to show it (docs/decisions/0057-staff-on-the-public-site.md).
 */
export const publicUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** To a visitor: the person's public phone, or their branch's office phone (`officePhone`), or ''. */
  phone_number: z.string(),
  /** The phone is the branch's office phone, not the person's own. */
  officePhone: z.boolean(),
  companyRole: z.string().nullable(),
  gender: genderSchema,
  image: z.string().nullable(),
  aboutMe: z.string(),
  /** The branch the person works in (the agents grid and agent pages name it). */
  branch: branchRefSchema,
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** What a signed-in colleague sees: the public fields and the role (agent pickers read `worksAsAgent`). */
export const colleagueSchema = publicUserSchema.extend({ role: roleSchema });
export type Colleague = z.infer<typeof colleagueSchema>;

/** What an admin, and the user itself, see. */
export const userSchema = colleagueSchema.extend({
  email: z.string(),
  active: z.boolean(),
  /** An admin who manages every branch (docs/decisions/0032); false for a branch manager and for agents. */
  networkAccess: z.boolean(),
  /** Shown on the public site (a manager's switch). */
  showOnSite: z.boolean(),
  /** The person's own phone on the public site; else the branch's office phone. */
  showPhone: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const loginBodySchema = z.object({
  email: z
    .string({ error: 'יש להזין כתובת מייל' })
    .trim()
    .min(1, { error: 'יש להזין כתובת מייל' })
    .max(254)
    .regex(EMAIL_PATTERN, { error: EMAIL_INVALID_MESSAGE }),
  password: z.string({ error: 'יש להזין סיסמה' }).min(1, { error: 'יש להזין סיסמה' }).max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const sessionUserResponseSchema = successSchema(z.object({ user: userSchema }));
/** The signed-in user, or null for a visitor (asked by every page at start, so a visitor gets no 401). */
export const sessionStateResponseSchema = successSchema(z.object({ user: userSchema.nullable() }));
export const userListResponseSchema = successSchema(
  z.object({ data: z.array(z.union([userSchema, colleagueSchema, publicUserSchema])) }),
);
export const userResponseSchema = successSchema(
  z.object({ data: z.union([userSchema, colleagueSchema, publicUserSchema]) }),
);
